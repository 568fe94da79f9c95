/**
 * Every game's options are read from its declaration, and options come from people (a lobby form, `/option`, a
 * record file): each game refuses unknown names (those every object inherits among them), wrong types and values
 * out of range, and says which option and what it accepts.
 */
import { optionDefault, optionsHelp, type OptionDeclaration } from '@skyline/engine';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/index.js';

/** Values of the wrong type for an option, and values of its type but out of its range. */
function badValues(option: OptionDeclaration, players: number): unknown[] {
  const wrongType = [null, 'yes', 1, true, [], {}].filter((value) =>
    option.kind === 'boolean'
      ? typeof value !== 'boolean'
      : option.kind === 'number'
        ? typeof value !== 'number'
        : true,
  );
  switch (option.kind) {
    case 'boolean':
      return wrongType;
    case 'number':
      return [...wrongType, option.min - 1, option.max + 1, option.min + 0.5, Number.NaN, '1'];
    case 'choice':
      return [...wrongType, 'none-of-these', option.default.toUpperCase()];
    case 'perSeat': {
      const values = option.choices.map((c) => c.value);
      return [
        ...wrongType,
        values.slice(0, players - 1),
        values.slice(0, players).concat(values[0] as string),
        new Array<string>(players).fill(values[0] as string),
        ['?', ...values.slice(1, players)],
      ];
    }
  }
}

for (const game of GAMES.values()) {
  const players = game.minPlayers;
  const names = game.options.map((option) => option.name);

  describe(`${game.id} options`, () => {
    it('fills every declared default when none is given', () => {
      const defaults = Object.fromEntries(
        game.options.map((option) => [option.name, optionDefault(option, players)]),
      );
      expect(game.parseOptions(players, {})).toEqual({ ok: true, options: defaults });
      expect(game.parseOptions(players, undefined)).toEqual({ ok: true, options: defaults });
    });

    it.each(['speed', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'])(
      'refuses the unknown option %s and lists the known ones',
      (name) => {
        for (const input of [JSON.parse(`{"${name}": true}`) as unknown, { [name]: true }]) {
          expect(game.parseOptions(players, input)).toEqual({
            ok: false,
            reason: `options: unknown option "${name}" (the options are: ${names.join(', ')})`,
            issue: { code: 'option.unknown', params: { option: name } },
          });
        }
      },
    );

    it('refuses wrong types and values out of range, naming the option and what it accepts', () => {
      for (const option of game.options) {
        for (const value of badValues(option, players)) {
          const parsed = game.parseOptions(players, { [option.name]: value });
          expect(parsed.ok, `${option.name} = ${JSON.stringify(value)}`).toBe(false);
          if (!parsed.ok) {
            expect(parsed.reason).toMatch(
              new RegExp(`^options\\.${option.name}: (must be|give one|two seats cannot own) `),
            );
          }
        }
      }
    });

    it('accepts every value a declaration allows', () => {
      for (const option of game.options) {
        const values =
          option.kind === 'boolean'
            ? [true, false]
            : option.kind === 'number'
              ? [option.min, option.max]
              : option.kind === 'choice'
                ? option.choices.map((c) => c.value)
                : [
                    option.choices
                      .map((c) => c.value)
                      .slice(0, players)
                      .reverse(),
                  ];
        for (const value of values) {
          const parsed = game.parseOptions(players, { [option.name]: value });
          expect(parsed).toMatchObject({ ok: true, options: { [option.name]: value } });
        }
      }
    });

    it('has /option help with one line per option, and each option a label key of its game', () => {
      const lines = optionsHelp(game).split('\n');
      expect(lines).toHaveLength(1 + game.options.length);
      expect(lines[0]).toBe(`/option players ${game.minPlayers}..${game.maxPlayers} — seats at the table`);
      game.options.forEach((option, k) =>
        expect(lines[k + 1]).toMatch(new RegExp(`^/option ${option.name} `)),
      );
      for (const option of game.options)
        expect(option.label).toMatch(new RegExp(`^${game.id}\\.opt\\.${option.name}$`));
    });
  });
}
