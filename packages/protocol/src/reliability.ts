/** The reliability floors of tables and tournaments (a module of its own: the schemas of `index.ts` read it). */
import { z } from 'zod';

/**
 * The least reliability shares a table or a tournament may ask for, in percent (0: none asked). Declared once, here:
 * the forms offer these, the server accepts only these (docs/platform.md, "Reliability").
 */
export const RELIABILITY_FLOORS = [0, 50, 60, 70, 80, 90] as const;
export type ReliabilityFloor = (typeof RELIABILITY_FLOORS)[number];

/** A reliability floor as a request gives it: one of `RELIABILITY_FLOORS`. */
export const ReliabilityFloorSchema = z
  .number()
  .int()
  .refine((n): n is ReliabilityFloor => (RELIABILITY_FLOORS as readonly number[]).includes(n), {
    message: `a reliability floor is one of ${RELIABILITY_FLOORS.join(', ')}`,
  });
