import { describeIssues } from '@skyline/engine';
import type { z } from 'zod';

/** A request whose body or parameters its schema refuses (HTTP 400, with what was wrong). */
export class BadRequest extends Error {}

/** Parses a request's part with its schema; throws a `BadRequest` saying what was wrong. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BadRequest(describeIssues(parsed.error));
}
