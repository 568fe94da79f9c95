import { describeIssues } from '@skyline/engine';
import { z } from 'zod';

/** The options of `shared/spec/chinatown.md`, "Options", with every default filled in. */
export interface ChinatownOptions {
  /** Use the economy cards (the 1999 rules). */
  economy: boolean;
  /** Variant A: a lot without street access may only extend a shop, never open one. */
  streetAccess: boolean;
  /** Variant B: lot cards not settled stay in hand instead of going back to the deck. */
  keepLotCards: boolean;
  /** Variant B: draw in every round as many lot cards as in round 1. */
  drawMax: boolean;
  /** Place tiles one seat at a time, from the holder of the start tile, instead of all at once. */
  sequentialPlacement: boolean;
}

export const DEFAULT_OPTIONS: Readonly<ChinatownOptions> = Object.freeze({
  economy: true,
  streetAccess: false,
  keepLotCards: false,
  drawMax: false,
  sequentialPlacement: false,
});

const optionsShape = z
  .object({
    economy: z.boolean().optional(),
    streetAccess: z.boolean().optional(),
    keepLotCards: z.boolean().optional(),
    drawMax: z.boolean().optional(),
    sequentialPlacement: z.boolean().optional(),
  })
  .strict();

export function parseOptions(
  _players: number,
  input: unknown,
): { ok: true; options: ChinatownOptions } | { ok: false; reason: string } {
  const parsed = optionsShape.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, 'options') };
  return { ok: true, options: { ...DEFAULT_OPTIONS, ...stripUndefined(parsed.data) } };
}

function stripUndefined(options: Partial<ChinatownOptions>): Partial<ChinatownOptions> {
  const out: Partial<ChinatownOptions> = {};
  for (const [key, value] of Object.entries(options) as [keyof ChinatownOptions, boolean | undefined][]) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}
