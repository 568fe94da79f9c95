import { BOT_LEVELS, isBotLevel, jsonTooDeep, words, type Command, type Words } from '@skyline/protocol';

/** The table chat's slash commands: the same commands as the buttons (`Command` in the protocol). */
export const HELP: readonly Words[] = (
  [
    'join',
    'leave',
    'start',
    'option',
    'clock',
    'standin',
    'kick',
    'bot',
    'who',
    'resign',
    'back',
    'abort',
    'claim',
    'stop',
    'help',
  ] as const
).map((name) => words(`help.${name}`));

/** What `/option NAME` alone means (a flag such as `/option sixrounds`), and how a value is read. */
function optionValue(text: string | undefined): unknown {
  if (text === undefined) return true;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // a bare word: `/option variant simultaneous`
  }
}

/** Reads a chat line that starts with `/`; returns the command, or the reason it is not one. */
export function parseCommand(line: string): { ok: true; command: Command } | { ok: false; error: Words } {
  const [word = '', ...args] = line.trim().slice(1).split(/\s+/);
  const name = word.toLowerCase();
  const noArgs = (command: Command) =>
    args.length === 0
      ? { ok: true as const, command }
      : { ok: false as const, error: words('command.noArgument', { name }) };
  switch (name) {
    case 'join': {
      if (args.length === 0) return { ok: true, command: { name: 'join' } };
      // People count seats from 1 (the page's "Seat 1", /who); the command names the seat's index.
      if (args.length > 1 || !/^[1-9]\d{0,2}$/.test(args[0] as string))
        return { ok: false, error: words('command.usage', { usage: '/join [seat number]' }) };
      return { ok: true, command: { name: 'join', seat: Number(args[0]) - 1 } };
    }
    case 'option': {
      if (args.length === 0)
        return { ok: false, error: words('command.usage', { usage: '/option NAME [VALUE]' }) };
      const [option, ...value] = args as [string, ...string[]];
      const read = optionValue(value.length ? value.join(' ') : undefined);
      // Bounded in depth and size as a button's value is (`JsonValue` in the protocol): `[[[…]]]` typed in the chat.
      if (jsonTooDeep(read) !== null)
        return { ok: false, error: words('command.usage', { usage: '/option NAME [VALUE]' }) };
      return { ok: true, command: { name: 'option', option, value: read } };
    }
    case 'bot': {
      if (args.length === 0) return { ok: true, command: { name: 'bot' } };
      const level = args[0]?.toLowerCase();
      if (args.length > 1 || !isBotLevel(level)) {
        return { ok: false, error: words('command.usage', { usage: `/bot [${BOT_LEVELS.join('|')}]` }) };
      }
      return { ok: true, command: { name: 'bot', level } };
    }
    case 'kick':
      if (args.length !== 1) return { ok: false, error: words('command.usage', { usage: '/kick NAME' }) };
      return { ok: true, command: { name: 'kick', player: args[0] as string } };
    case 'leave':
    case 'start':
    case 'who':
    case 'help':
    case 'resign':
    case 'stop':
    case 'back':
    case 'abort':
    case 'claim':
      return noArgs({ name });
    default:
      return { ok: false, error: words('command.unknown', { name: word.slice(0, 32) }) };
  }
}
