/**
 * Games for the reviews' tests (the bots' and the `skyline review` command's): seeded random games, and one whose last
 * move threw a won game away.
 */
import { SeededRng, randomStep, type AnyGame, type Seat } from '@skyline/engine';
import { decisionsOf } from '../src/review.js';
import { optionsOf } from './helpers.js';

/** A seeded random game's log, played to its end. */
export function randomLog(
  game: AnyGame,
  players: number,
  seed: number,
): { options: unknown; log: unknown[] } {
  const options = optionsOf(game, players);
  const state = game.setup(players, options);
  const rng = new SeededRng(seed);
  const log: unknown[] = [];
  for (let entry = randomStep(game, state, rng); entry !== null; entry = randomStep(game, state, rng))
    log.push(entry);
  return { options, log };
}

/**
 * A game's last decision where the seat's move decides the game and it chose a losing one: no chance and no other
 * seat moves after it, so what each legal move leads to is known exactly (the game's own status after it, not the
 * search's), whatever the seat could not see.
 */
export function lastMoveBlunder(game: AnyGame, players: number) {
  for (let seed = 1; seed <= 400; seed++) {
    const { options, log } = randomLog(game, players, seed);
    const decisions = decisionsOf(game, players, options, log);
    const last = decisions.at(-1);
    if (!last || last.index !== log.length - 1) continue;
    const outcome = (move: unknown) => {
      const after = game.clone(last.state);
      game.applyInPlace(after, last.seat, move);
      if (game.active(after).length > 0) return null; // not the end: the outcome is not known exactly
      return game.status(after).winners as Seat[];
    };
    const legal = game.legalMoves(last.state, last.seat);
    const results = legal.map((move) => ({ move, winners: outcome(move) }));
    if (results.some(({ winners }) => winners === null)) continue;
    const wins = results.filter(({ winners }) => winners!.length === 1 && winners![0] === last.seat);
    const played = outcome(last.move)!;
    if (wins.length > 0 && !played.includes(last.seat))
      return { ...last, log, wins: wins.map(({ move }) => move) };
  }
  return null;
}
