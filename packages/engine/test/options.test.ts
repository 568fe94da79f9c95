import { describe, expect, it } from 'vitest';
import { optionsHelp, parseDeclaredOptions, type OptionDeclaration } from '../src/index.js';

const OPTIONS: OptionDeclaration[] = [
  {
    name: 'mode',
    label: 'x.mode',
    help: 'how it goes',
    kind: 'choice',
    choices: [
      { value: 'a', label: 'x.a' },
      { value: 'b', label: 'x.b' },
    ],
    default: 'a',
  },
  { name: 'rounds', label: 'x.rounds', help: 'rounds', kind: 'number', min: 1, max: 3, default: 1 },
  {
    name: 'colours',
    label: 'x.colours',
    help: 'colour of each seat',
    kind: 'perSeat',
    noun: 'colour',
    choices: ['r', 'g', 'b'].map((value) => ({ value, label: `colour.${value}` })),
    default: 'first',
  },
  { name: 'fast', label: 'x.fast', help: 'go fast', kind: 'boolean', default: false },
];

describe('parseDeclaredOptions', () => {
  it('fills every default, a per-seat list from the first values, in the order declared', () => {
    const parsed = parseDeclaredOptions(OPTIONS, 2, undefined);
    expect(parsed).toEqual({ ok: true, options: { mode: 'a', rounds: 1, colours: ['r', 'g'], fast: false } });
    expect(parsed.ok && Object.keys(parsed.options)).toEqual(['mode', 'rounds', 'colours', 'fast']);
  });

  it('takes values in range, and copies a list rather than keeping the caller’s', () => {
    const colours = ['b', 'r', 'g'];
    const parsed = parseDeclaredOptions(OPTIONS, 3, { mode: 'b', rounds: 3, colours, fast: true });
    expect(parsed).toEqual({ ok: true, options: { mode: 'b', rounds: 3, colours, fast: true } });
    expect(parsed.ok && parsed.options.colours).not.toBe(colours);
  });

  it.each([
    [{ speed: 1 }, 'options: unknown option "speed" (the options are: mode, rounds, colours, fast)'],
    [{ mode: 'c' }, 'options.mode: must be one of a, b, not "c"'],
    [{ rounds: 4 }, 'options.rounds: must be a whole number from 1 to 3, not 4'],
    [{ rounds: 1.5 }, 'options.rounds: must be a whole number from 1 to 3, not 1.5'],
    [{ rounds: '2' }, 'options.rounds: must be a whole number from 1 to 3, not "2"'],
    [{ fast: 'yes' }, 'options.fast: must be true or false, not "yes"'],
    [{ colours: ['r', 'x'] }, 'options.colours: must be a list of colours among r, g, b, not ["r","x"]'],
    [{ colours: 'r' }, 'options.colours: must be a list of colours among r, g, b, not "r"'],
    [{ colours: ['r'] }, 'options.colours: give one colour per seat (2), not 1'],
    [{ colours: ['r', 'r'] }, 'options.colours: two seats cannot own the same colour'],
  ])('refuses %j: %s', (input, reason) => {
    expect(parseDeclaredOptions(OPTIONS, 2, input)).toMatchObject({ ok: false, reason });
  });

  it.each([
    [{ speed: 1 }, { code: 'option.unknown', params: { option: 'speed' } }],
    [{ mode: 'c' }, { code: 'option.choice', params: { option: 'mode', choices: 'a, b' } }],
    [{ rounds: 4 }, { code: 'option.number', params: { option: 'rounds', min: 1, max: 3 } }],
    [{ fast: 'yes' }, { code: 'option.boolean', params: { option: 'fast' } }],
    [{ colours: ['r', 'r'] }, { code: 'option.perSeat', params: { option: 'colours', noun: 'colour' } }],
    [[], { code: 'option.notObject', params: {} }],
  ])(
    'refuses %j with words for people: the option and what it accepts, never the value in JSON',
    (input, issue) => {
      expect(parseDeclaredOptions(OPTIONS, 2, input)).toMatchObject({ ok: false, issue });
    },
  );

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'refuses the name %s, which every object inherits, as unknown',
    (name) => {
      for (const input of [JSON.parse(`{"${name}": {"mode": "b"}}`) as unknown, { [name]: true }]) {
        const parsed = parseDeclaredOptions(OPTIONS, 2, input);
        expect(parsed).toMatchObject({
          ok: false,
          reason: expect.stringContaining(`unknown option "${name}"`) as string,
        });
      }
    },
  );

  it('reads only the options given, not what the given object inherits', () => {
    const inherited = Object.create({ mode: 'b', rounds: 3 }) as object;
    expect(parseDeclaredOptions(OPTIONS, 2, inherited)).toMatchObject({
      ok: true,
      options: { mode: 'a', rounds: 1 },
    });
  });

  it('refuses options that are not an object', () => {
    for (const input of ['a', 3, [], [1], true]) {
      expect(parseDeclaredOptions(OPTIONS, 2, input)).toMatchObject({
        ok: false,
        reason: 'options must be an object such as {"mode": ...}',
      });
    }
  });
});

describe('optionsHelp', () => {
  it('gives one line per option with its values and default, after the seat count', () => {
    expect(optionsHelp({ minPlayers: 2, maxPlayers: 3, options: OPTIONS }).split('\n')).toEqual([
      '/option players 2..3 — seats at the table',
      '/option mode a|b — how it goes (default a)',
      '/option rounds 1..3 — rounds (default 1)',
      '/option colours ["r","g","b"] — colour of each seat (default the first colours in this order)',
      '/option fast true|false — go fast (default false)',
    ]);
  });
});
