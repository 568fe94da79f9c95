/**
 * The `skyline` command as the tests run it: in process (`run` with strings for its streams: fast, for what a command
 * computes), or spawned as a user runs the built command (`npm test` builds first: for exit codes and what reaches
 * stdout and stderr, a few runs per command).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from '../src/commands.js';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = fileURLToPath(new URL('../bin/skyline.js', import.meta.url));

/** Runs `skyline ARGS` in this process; `input` is what `-` reads. */
export async function skyline(args: string[], input?: string): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    read: (file) => {
      if (file !== '-') return readFileSync(file, 'utf8');
      if (input === undefined) throw new Error('no standard input in this test');
      return input;
    },
    interactive: false,
  });
  return { code, stdout, stderr };
}

/** Runs the built `skyline ARGS` in a process of its own, as a user does. */
export function spawned(args: string[], input?: string, env: Record<string, string> = {}): Ran {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
