import { describeIssues } from '@skyline/engine';
import { z } from 'zod';

/** The options of `shared/spec/mycity.md`, "Options", with every default filled in. */
export interface MyCityOptions {
  /** Episodes in the series; their totals decide the winner. */
  episodes: number;
}

const optionsShape = z
  .object({
    episodes: z.number().int().min(1).max(24).optional(),
  })
  .strict();

export function parseOptions(
  _players: number,
  input: unknown,
): { ok: true; options: MyCityOptions } | { ok: false; reason: string } {
  const parsed = optionsShape.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, 'options') };
  return { ok: true, options: { episodes: parsed.data.episodes ?? 1 } };
}
