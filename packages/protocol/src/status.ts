import type { RecordStatus } from '@skyline/engine';
import type { PublicStatus } from './index.js';

/**
 * The status everyone may see of a game, from its status with the table's endings (`statusWithEndings`, or a stored
 * ending: who resigned, and whether it was stopped, aborted or closed by a moderator): whose turn it is, who won, and the scores only once
 * the game is over (during the game, each seat's view tells what it may know). The server's table pages and the
 * replay page both build theirs here, so that a step of a replay shows what the table showed then.
 *
 * `abortable`: some seat has not played the game's opening yet, so a seated player may still `/abort` (the server
 * knows it; a replay does not say it).
 */
export function publicStatusOf(status: RecordStatus, abortable = false): PublicStatus {
  return {
    over: status.over,
    active: status.active,
    winners: status.winners,
    scores: status.over ? status.scores : null,
    ...(status.resigned && status.resigned.length > 0 ? { resigned: status.resigned } : {}),
    ...(status.aborted ? { aborted: true } : {}),
    ...(status.stopped ? { stopped: true } : {}),
    ...(status.closed ? { closed: true } : {}),
    ...(abortable ? { abortable: true } : {}),
  };
}
