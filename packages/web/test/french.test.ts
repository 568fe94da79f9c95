/** The French a player reads besides the server's words (those are `server-words.test.ts`'s): the defects found in play. */
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, formatDate, translate } from '../src/i18n.js';
import { parseRoute } from '../src/router.js';

describe('French words', () => {
  it("names Chinatown's blocks «\u00a0Îlot\u00a0», the French for a city block, never «\u00a0Pâté\u00a0»", () => {
    expect(translate('fr', 'chinatown.block', { n: 3 })).toBe('Îlot 3');
    const pate = Object.entries(DICTIONARIES.fr).filter(([, text]) => /pâté/i.test(text));
    expect(pate).toEqual([]);
  });

  it('translates the skip link, the first thing a keyboard reaches', () => {
    expect(translate('en', 'nav.skip')).toBe('Skip to the page');
    expect(translate('fr', 'nav.skip')).toBe('Aller au contenu');
  });

  it('writes dates as each language does, not as the browser would', () => {
    // 3 March 2025, 14:05 where the tests run (the format, not the time zone, is what differs).
    const at = new Date(2025, 2, 3, 14, 5).getTime();
    expect(formatDate('en', at)).toMatch(/^Mar 3, 2025, 2:05\sPM$/); // a narrow space before PM in newer ICUs
    expect(formatDate('fr', at)).toBe('3 mars 2025, 14:05');
  });
});

describe('creating an account', () => {
  it('has a page of its own, /register, that the landing page and the header link to', () => {
    expect(parseRoute('/register')).toEqual({ page: 'register' });
    expect(parseRoute('/register/')).toEqual({ page: 'register' });
    expect(translate('en', 'nav.register')).toBe('Create an account');
    expect(translate('fr', 'nav.register')).toBe('Créer un compte');
  });
});
