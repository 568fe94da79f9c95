/**
 * What the server says reaches players in their language: every code of the protocol's catalogue has English (the
 * catalogue) and French (the client) with the same parameters, and the client says a refusal from its code.
 */
import { english, fillTemplate, MESSAGES, type MessageCode } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { saidOf, sayServer, SERVER_FR } from '../src/server-words.js';

const codes = Object.keys(MESSAGES) as MessageCode[];

/** The parameters a template uses: `{name}` slots and the subjects of plural and select choices. */
function slots(template: string): string[] {
  const names = [...template.matchAll(/\{(\w+)(?:\}|, (?:plural|select),)/g)].map((m) => m[1] as string);
  return [...new Set(names)].sort();
}

describe('the server’s words in English and French', () => {
  it('has a non-empty English and French text for every code, and no French for a code that does not exist', () => {
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      expect(MESSAGES[code].trim(), code).not.toBe('');
      expect(SERVER_FR[code]?.trim(), code).toBeTruthy();
    }
    expect(Object.keys(SERVER_FR).sort()).toEqual([...codes].sort());
  });

  it('uses the same parameters in both languages (the French option help line reads the label, not the English help)', () => {
    for (const code of codes) {
      const en = slots(MESSAGES[code]);
      const fr = slots(SERVER_FR[code]);
      if (code === 'help.optionLine') {
        expect(fr).toEqual(en.map((name) => (name === 'help' ? 'label' : name)).sort());
      } else if (code === 'move.refused') {
        // The reason is the engine's English: the French sentence stands without it.
        expect(en).toEqual(['reason']);
        expect(fr).toEqual([]);
      } else expect(fr, code).toEqual(en);
    }
  });

  it('says a refusal in French from its code, with numbers and plurals as French writes them', () => {
    const refusal = {
      ok: false,
      error: 'waiting for 2 more players',
      code: 'start.waiting',
      params: { n: 2 },
    };
    expect(sayServer('fr', saidOf(refusal))).toBe('il manque 2 joueurs');
    expect(sayServer('en', saidOf(refusal))).toBe('waiting for 2 more players');
    expect(sayServer('fr', { text: 'x', code: 'start.waiting', params: { n: 1 } })).toBe(
      'il manque 1 joueur',
    );
    const refused = { text: 'x', code: 'move.refused', params: { reason: 'tile y5 is not in your hand' } };
    expect(sayServer('fr', refused)).toBe('ce coup n’est pas possible maintenant');
    expect(sayServer('en', refused)).toBe('this move is not possible now (tile y5 is not in your hand)');
    expect(sayServer('fr', { text: 'x', code: 'move.stale' })).toBe(
      'la table a avancé — la voici telle qu’elle est maintenant',
    );
  });

  it('says a clock set at a table in the player’s language (the setting travels as seconds, not as English words)', () => {
    const line = (clock: string, value: string) => ({
      text: `ann set clock = ${value}`,
      code: 'line.option',
      params: { name: 'ann', option: 'clock', value, clock },
    });
    expect(sayServer('fr', line('live 300 5', 'live clock: 5 min + 5 s a move'))).toBe(
      'ann règle clock = 5 min + 5 s par coup',
    );
    expect(sayServer('fr', line('turn 172800', 'turn clock: 2 d a move'))).toBe(
      'ann règle clock = 2 jours par coup',
    );
    expect(sayServer('fr', line('none', 'no clock'))).toBe('ann règle clock = sans pendule');
    expect(sayServer('en', line('turn 86400', 'turn clock: 1 d a move'))).toBe(
      'ann set clock = 1 day a move',
    );
    // A setting this client cannot read is said in the English the server sent.
    expect(sayServer('fr', line('blitz 3', 'blitz'))).toBe('ann règle clock = blitz');
  });

  it('falls back on the English the server sent for a code this client does not know', () => {
    expect(sayServer('fr', { text: 'a newer refusal', code: 'no.such.code' })).toBe('a newer refusal');
    expect(sayServer('fr', { text: 'no code at all' })).toBe('no code at all');
  });

  it('says an option’s help line with the option’s label in the player’s language', () => {
    const said = {
      text: '',
      code: 'help.optionLine',
      params: {
        name: 'sixrounds',
        values: 'true|false',
        help: 'six rounds',
        label: 'manhattan.opt.sixrounds',
        default: 'false',
      },
    };
    expect(sayServer('fr', said)).toBe(
      '/option sixrounds true|false — 6 manches de 4 pièces au lieu de 4 manches de 6 (plus juste à 3 joueurs) (par défaut false)',
    );
  });

  it('fills select and plural choices, with slots inside the chosen form', () => {
    const wait = (seconds: number) => ({
      kind: 'chat',
      seconds,
      minutes: seconds < 90 ? 0 : Math.ceil(seconds / 60),
    });
    expect(english({ code: 'rate_limited', params: wait(12) })).toBe(
      'too many chat lines: try again in 12 s',
    );
    expect(english({ code: 'rate_limited', params: { ...wait(600), kind: 'moves' } })).toBe(
      'too many moves: try again in 10 min',
    );
    expect(sayServer('fr', { text: '', code: 'rate_limited', params: wait(12) })).toBe(
      'trop de messages : réessayez dans 12 s',
    );
    expect(fillTemplate('{n, plural, =0 {none} one {# floor} other {# floors}}', { n: 1000 }, 'fr-FR')).toBe(
      '1\u202f000 floors',
    );
  });

  it('says the "Play now" refusals in French: the joins\' limit and a second wait', () => {
    const limited = { kind: 'queue', seconds: 42, minutes: 0 };
    expect(english({ code: 'rate_limited', params: limited })).toBe(
      'too many entries in the “Play now” queue: try again in 42 s',
    );
    expect(sayServer('fr', { text: '', code: 'rate_limited', params: limited })).toBe(
      'trop d’entrées dans la file « Jouer maintenant » : réessayez dans 42 s',
    );
    expect(sayServer('fr', { text: '', code: 'queue.already' })).toBe(
      'vous attendez déjà une partie : annulez d’abord cette attente',
    );
  });
});
