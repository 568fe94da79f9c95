import { describeIssues } from '@skyline/engine';
import { z } from 'zod';
import { PIECE_COUNT } from './components.js';

/** The options of `shared/spec/manhattan.md`, "Options", with every default filled in. */
export interface ManhattanOptions {
  /** 6 rounds of 4 pieces instead of 4 rounds of 6. */
  sixrounds: boolean;
  /** Each seat reads its cards from its own side of the board. */
  perspective: boolean;
}

const optionsShape = z
  .object({
    sixrounds: z.boolean().optional(),
    perspective: z.boolean().optional(),
  })
  .strict();

export function parseOptions(
  _players: number,
  input: unknown,
): { ok: true; options: ManhattanOptions } | { ok: false; reason: string } {
  const parsed = optionsShape.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, 'options') };
  return {
    ok: true,
    options: {
      sixrounds: parsed.data.sixrounds ?? false,
      perspective: parsed.data.perspective ?? false,
    },
  };
}

export function roundsOf(options: ManhattanOptions): number {
  return options.sixrounds ? 6 : 4;
}

/** Pieces each seat chooses at the start of a round: its 24 pieces spread evenly over the rounds. */
export function piecesPerRound(options: ManhattanOptions): number {
  return PIECE_COUNT / roundsOf(options);
}
