/**
 * A game's options, declared once as data: the game's `parseOptions`, the `/option` help, the lobby's form and
 * `GET /api/games` all come from the declaration, so they cannot disagree.
 *
 * Options come from people (a lobby form, a chat command, a record file), so reading them trusts nothing: only a
 * declared name is read (found in a `Map`, never on an object, so `__proto__`, `constructor` or `toString` are
 * unknown names like any other), only own properties of the input are looked at, and the result is a fresh object
 * holding the declared names alone.
 */
import { isPlainObject } from './moves.js';

/** A value a player picks from a list, with the key of its label in the client's translations. */
export interface OptionChoice {
  value: string;
  label: string;
}

interface OptionBase {
  /** The name in records and in `/option NAME` (`rounds`). */
  name: string;
  /** The key of its label in the client's translations (`nyny.opt.rounds`). */
  label: string;
  /** One line for people who read the `/option` help (`rounds in the match`). */
  help: string;
}

export type OptionDeclaration =
  | (OptionBase & { kind: 'boolean'; default: boolean })
  /** A whole number from `min` to `max`. */
  | (OptionBase & { kind: 'number'; min: number; max: number; default: number })
  | (OptionBase & { kind: 'choice'; choices: readonly OptionChoice[]; default: string })
  /**
   * One value per seat, all different (New York's colours); by default the first values in the order listed. `noun`
   * names one value in messages (`colour`).
   */
  | (OptionBase & { kind: 'perSeat'; choices: readonly OptionChoice[]; noun: string; default: 'first' });

/**
 * Why options were refused, for people: a code of the platform's message catalogue (packages/protocol/src/refusals.ts)
 * and its parameters, so that a client can say it in its player's language (`reason` is the same in English, for
 * records and the command line).
 */
export interface OptionIssue {
  code:
    | 'option.notObject'
    | 'option.unknown'
    | 'option.boolean'
    | 'option.number'
    | 'option.choice'
    | 'option.perSeat';
  params: Record<string, string | number>;
}

export type ParsedOptions =
  { ok: true; options: Record<string, unknown> } | { ok: false; reason: string; issue: OptionIssue };

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The default of one option for `players` seats. */
export function optionDefault(option: OptionDeclaration, players: number): unknown {
  return option.kind === 'perSeat' ? option.choices.slice(0, players).map((c) => c.value) : option.default;
}

/** What a player is told when a value is refused: what the option accepts (never the value's type in JSON terms). */
function issueOf(option: OptionDeclaration): OptionIssue {
  const choices = 'choices' in option ? option.choices.map((c) => c.value).join(', ') : '';
  switch (option.kind) {
    case 'boolean':
      return { code: 'option.boolean', params: { option: option.name } };
    case 'number':
      return { code: 'option.number', params: { option: option.name, min: option.min, max: option.max } };
    case 'choice':
      return { code: 'option.choice', params: { option: option.name, choices } };
    case 'perSeat':
      return { code: 'option.perSeat', params: { option: option.name, noun: option.noun, choices } };
  }
}

/** Why `value` is not a value of `option` at a table of `players` seats, or `null` when it is. */
function refusal(option: OptionDeclaration, value: unknown, players: number): string | null {
  const values = 'choices' in option ? option.choices.map((c) => c.value) : [];
  switch (option.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `must be true or false, not ${shown(value)}`;
    case 'number':
      return typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= option.min &&
        value <= option.max
        ? null
        : `must be a whole number from ${option.min} to ${option.max}, not ${shown(value)}`;
    case 'choice':
      return typeof value === 'string' && values.includes(value)
        ? null
        : `must be one of ${values.join(', ')}, not ${shown(value)}`;
    case 'perSeat': {
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !values.includes(item))) {
        return `must be a list of ${option.noun}s among ${values.join(', ')}, not ${shown(value)}`;
      }
      if (value.length !== players)
        return `give one ${option.noun} per seat (${players}), not ${value.length}`;
      if (new Set(value).size !== value.length) return `two seats cannot own the same ${option.noun}`;
      return null;
    }
  }
}

/**
 * Reads options against their declaration: any option may be left out (its default is used); an unknown name, a
 * value of the wrong type or out of range is refused with a reason that names the option and what it accepts.
 */
export function parseDeclaredOptions(
  declared: readonly OptionDeclaration[],
  players: number,
  input: unknown,
): ParsedOptions {
  const given = input ?? {};
  if (!isPlainObject(given)) {
    return {
      ok: false,
      reason: `options must be an object such as {"${declared[0]?.name ?? 'name'}": ...}`,
      issue: { code: 'option.notObject', params: {} },
    };
  }
  const byName = new Map(declared.map((option) => [option.name, option]));
  for (const name of Object.keys(given)) {
    if (!byName.has(name)) {
      const known = declared.length > 0 ? declared.map((option) => option.name).join(', ') : 'none';
      return {
        ok: false,
        reason: `options: unknown option ${shown(name)} (the options are: ${known})`,
        issue: { code: 'option.unknown', params: { option: name } },
      };
    }
  }
  const options: Record<string, unknown> = {};
  for (const option of declared) {
    const value = Object.hasOwn(given, option.name) ? given[option.name] : undefined;
    if (value === undefined) {
      options[option.name] = optionDefault(option, players);
      continue;
    }
    const reason = refusal(option, value, players);
    if (reason !== null)
      return { ok: false, reason: `options.${option.name}: ${reason}`, issue: issueOf(option) };
    options[option.name] = Array.isArray(value) ? (value.slice() as unknown[]) : value;
  }
  return { ok: true, options };
}

/**
 * The parts of one option's help line: its name, the values it takes as typed in the chat, its help line, the key of
 * its label in the client's translations, and its default (what a client needs to write the line in any language).
 */
export function optionHelpParts(option: OptionDeclaration): {
  name: string;
  values: string;
  help: string;
  label: string;
  default: string;
} {
  const values =
    option.kind === 'boolean'
      ? 'true|false'
      : option.kind === 'number'
        ? `${option.min}..${option.max}`
        : option.kind === 'choice'
          ? option.choices.map((c) => c.value).join('|')
          : `[${option.choices.map((c) => `"${c.value}"`).join(',')}]`;
  const fallback =
    option.kind === 'perSeat' ? `the first ${option.noun}s in this order` : String(option.default);
  return { name: option.name, values, help: option.help, label: option.label, default: fallback };
}

/** How to give one option in the table chat: `/option rounds 1..10 — rounds in the match (default 1)`. */
function helpLine(option: OptionDeclaration): string {
  const parts = optionHelpParts(option);
  return `/option ${parts.name} ${parts.values} — ${parts.help} (default ${parts.default})`;
}

/** The `/option` help of a game: one line per declared option, and the seat count. */
export function optionsHelp(game: {
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionDeclaration[];
}): string {
  return [
    `/option players ${game.minPlayers}..${game.maxPlayers} — seats at the table`,
    ...game.options.map(helpLine),
  ].join('\n');
}
