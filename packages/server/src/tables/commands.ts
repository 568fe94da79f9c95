import type { Command } from '@skyline/protocol';

/** The table chat's slash commands: the same commands as the buttons (`Command` in the protocol). */
export const HELP = [
  '/join [seat] — sit down (at the first free seat, or at that seat)',
  '/leave — stand up (before the start)',
  '/start — start the game (host, when every seat is taken)',
  '/option NAME [VALUE] — set a game option before the start (host); /option players N changes the seat count',
  '/option clock none | live INITIAL INCREMENT | turn PER_MOVE — the table clock (host): live 5m 5 gives each seat 5 minutes and 5 s a move; turn 1d gives a day a move (times: 90, 90s, 5m, 2h, 1d)',
  '/option standin random|greedy|ismcts — the bot that plays for a player who runs out of time, resigns or is claimed (greedy unless set)',
  '/kick NAME — send a seated player back to the audience (host, before the start)',
  '/bot [random|greedy|ismcts] — seat a bot at the first free seat (host, before the start; greedy if no level)',
  '/who — who sits where',
  '/resign — give up the game you are playing (with 3 or more seats a bot plays your seat on and you are placed last)',
  '/back — take your seat back from the bot that played for you while you were away or out of time',
  '/abort — drop the game before every seat has moved (no winner, unrated)',
  '/claim — in a game without a clock, hand to bots the seats of opponents who have all been away for a while',
  '/stop — end a game that only bots play, with no winner (its host, or a player at the table)',
  '/help — this list',
].join('\n');

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
export function parseCommand(line: string): { ok: true; command: Command } | { ok: false; error: string } {
  const [word = '', ...args] = line.trim().slice(1).split(/\s+/);
  const name = word.toLowerCase();
  const noArgs = (command: Command) =>
    args.length === 0
      ? { ok: true as const, command }
      : { ok: false as const, error: `/${name} takes no argument` };
  switch (name) {
    case 'join': {
      if (args.length === 0) return { ok: true, command: { name: 'join' } };
      if (args.length > 1 || !/^\d+$/.test(args[0] as string))
        return { ok: false, error: 'usage: /join [seat number]' };
      return { ok: true, command: { name: 'join', seat: Number(args[0]) } };
    }
    case 'option': {
      if (args.length === 0) return { ok: false, error: 'usage: /option NAME [VALUE]' };
      const [option, ...value] = args as [string, ...string[]];
      return {
        ok: true,
        command: { name: 'option', option, value: optionValue(value.length ? value.join(' ') : undefined) },
      };
    }
    case 'bot': {
      if (args.length === 0) return { ok: true, command: { name: 'bot' } };
      const level = args[0]?.toLowerCase();
      if (args.length > 1 || (level !== 'random' && level !== 'greedy' && level !== 'ismcts')) {
        return { ok: false, error: 'usage: /bot [random|greedy|ismcts]' };
      }
      return { ok: true, command: { name: 'bot', level } };
    }
    case 'kick':
      if (args.length !== 1) return { ok: false, error: 'usage: /kick NAME' };
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
      return { ok: false, error: `unknown command /${word}: type /help for the list` };
  }
}
