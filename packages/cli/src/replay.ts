import { SPECTATOR, recordStatus, replayRecord, type Viewer } from '@skyline/engine';
import { GAMES } from '@skyline/games';

/** What `skyline replay` prints: to stdout on success (exit 0), one line to stderr on failure (exit 1). */
export type ReplayOutput = { ok: true; stdout: string } | { ok: false; stderr: string };

function parseViewer(text: string, players: number): Viewer | null {
  if (text === SPECTATOR) return SPECTATOR;
  if (!/^\d+$/.test(text)) return null;
  const seat = Number(text);
  return seat < players ? seat : null;
}

/**
 * Applies a record (the text of a record file) and returns the status JSON, or with `view` the view of that seat or
 * of a spectator; the contract is in docs/command-line.md, `skyline replay`.
 */
export function replayText(text: string, view?: string): ReplayOutput {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, stderr: `record: not valid JSON (${(error as Error).message})` };
  }
  const result = replayRecord(GAMES, input);
  if (!result.ok) return { ok: false, stderr: result.error.line };
  const { game, state, record } = result;
  if (view === undefined) return { ok: true, stdout: JSON.stringify(recordStatus(result)) };
  const viewer = parseViewer(view, record.players);
  if (viewer === null) {
    return {
      ok: false,
      stderr: `record: cannot show the view of "${view}": the game has seats 0 to ${record.players - 1} and "spectator"`,
    };
  }
  return { ok: true, stdout: JSON.stringify(game.view(state, viewer)) };
}
