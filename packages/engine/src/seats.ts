import type { AnyGame } from './contract.js';

/**
 * Why `game` cannot be played by `players` seats (`"Chinatown is played by 3 to 5 seats, not 2"`), or `null` when
 * it can. The one check of a seat count, for records, tables and the command line.
 */
export function seatCountProblem(
  game: Pick<AnyGame, 'title' | 'minPlayers' | 'maxPlayers'>,
  players: number,
): string | null {
  if (Number.isInteger(players) && players >= game.minPlayers && players <= game.maxPlayers) return null;
  return `${game.title} is played by ${game.minPlayers} to ${game.maxPlayers} seats, not ${players}`;
}
