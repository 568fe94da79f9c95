/** The browser a session was opened from, as the settings page lists it: a few words, not the whole header. */
import { describe, expect, it } from 'vitest';
import { describeAgent } from '../src/agents.js';

describe('a session’s browser in a few words', () => {
  it('names the family and the system of common browsers, and keeps nothing else of the header', () => {
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox · Linux',
    );
    expect(
      describeAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      describeAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      describeAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge · Windows');
    // Headless Chromium (the browser tests') is Chrome, not the Safari its header also names.
    expect(
      describeAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome · Linux');
  });

  it('says nothing of a header that names no browser nor system, or of none', () => {
    expect(describeAgent('curl/8.5.0')).toBeNull();
    expect(describeAgent(undefined)).toBeNull();
    expect(describeAgent('x'.repeat(100_000))).toBeNull();
  });
});
