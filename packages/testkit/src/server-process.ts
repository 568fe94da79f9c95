import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built command line (from `src/` or `dist/` of this package alike). */
const MAIN = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

export interface SpawnOptions {
  /** Options for node itself (say `--cpu-prof`). */
  nodeArgs?: string[];
  /** A file that gets the server's log (JSON lines); without it the log is read and dropped. */
  logFile?: string | null;
}

/**
 * Starts `skyline serve` on an ephemeral port of 127.0.0.1 with the given settings (the environment variables of
 * docs/operating.md); resolves with its URL once it listens. The caller stops it.
 */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN, 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // Every test client comes from 127.0.0.1 (the limits per address would count them all as one person), and
      // test clients move as fast as the server answers.
      LIMIT_GUESTS_PER_HOUR: '1000000',
      LIMIT_CONNECTIONS_PER_ADDRESS: '1000000',
      LIMIT_MOVES_PER_SECOND: '100000',
      LIMIT_ADDRESS_CHAT_PER_MINUTE: '1000000',
      LIMIT_ADDRESS_SIGNINS_PER_HOUR: '1000000',
      LIMIT_PASSWORD_QUEUE_PER_ADDRESS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logFile = options.logFile ?? null;
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (logFile) appendFileSync(logFile, chunk);
      const match = /"port":(\d+)/.exec(output);
      if (!match) return;
      // Listening: stop collecting; the log goes on to the file, or is drained (a full pipe would stop the server).
      child.stdout.off('data', onData);
      if (logFile) child.stdout.on('data', (more: Buffer) => appendFileSync(logFile, more));
      else child.stdout.resume();
      resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}
