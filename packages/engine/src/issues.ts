import type { z } from 'zod';

/**
 * Formats a zod error as one readable line: `players: expected an integer; format: ...`. Every package that reports
 * a failed schema check (record files, game options, client messages, settings) uses this one, so the words match.
 *
 * An issue raised by our own code (`code: 'custom'`) already names its subject (`PORT must be a whole number...`):
 * its message is shown as it is. Other issues are prefixed with their path, below `prefix` when one is given.
 */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'custom') return issue.message;
      const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}
