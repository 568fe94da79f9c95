import { describeIssues } from '@skyline/engine';
import { z } from 'zod';
import { COLOURS, type Colour } from './tiles.js';

export type Variant = 'classic' | 'simultaneous';

/** The options of `shared/spec/nyny.md`, "Options", with every default filled in. */
export interface NynyOptions {
  variant: Variant;
  rounds: number;
  colours: Colour[];
  bonus: boolean;
}

const optionsShape = z
  .object({
    variant: z.enum(['classic', 'simultaneous']).optional(),
    rounds: z.number().int().min(1).max(10).optional(),
    colours: z.array(z.enum(COLOURS)).optional(),
    bonus: z.boolean().optional(),
  })
  .strict();

export function parseOptions(
  players: number,
  input: unknown,
): { ok: true; options: NynyOptions } | { ok: false; reason: string } {
  const parsed = optionsShape.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, 'options') };
  const colours = parsed.data.colours ?? COLOURS.slice(0, players);
  if (colours.length !== players) {
    return {
      ok: false,
      reason: `options.colours: give one colour per seat (${players}), not ${colours.length}`,
    };
  }
  if (new Set(colours).size !== colours.length) {
    return { ok: false, reason: 'options.colours: two seats cannot own the same colour' };
  }
  return {
    ok: true,
    options: {
      variant: parsed.data.variant ?? 'classic',
      rounds: parsed.data.rounds ?? 1,
      colours: [...colours],
      bonus: parsed.data.bonus ?? true,
    },
  };
}
