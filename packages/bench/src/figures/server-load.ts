import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGame } from '@skyline/games';
import { spawnServer, type ServerProcess } from '@skyline/testkit';
import { median, type FigureResult } from '../measure.js';

const CLIENT = fileURLToPath(new URL('../load-client.js', import.meta.url));

/**
 * The game the load test plays: New York, New York, short turns of one seat at a time. The figures are about that
 * game's load (they compare from run to run only on the same game), so it is named here, and found in the registry.
 */
function loadGame(): string {
  const game = findGame('nyny');
  if (!game) throw new Error('the load test plays nyny, which the registry (@skyline/games) does not list');
  return game.id;
}

/**
 * The server's limits a load test lifts, beyond those `spawnServer` lifts for test clients (per address, per move):
 * each table's host creates a new table whenever a game ends, and every seat opens it and sits down, as often as the
 * games end (with LOAD_THINK_MS=0, many times a minute); refused, the table would stop playing.
 */
const LOAD_LIMITS: Record<string, string> = {
  LIMIT_TABLES_PER_MINUTE: '10000',
  LIMIT_ACTIONS_PER_MINUTE: '1000000',
  LIMIT_OPEN_TABLES: '1000',
};

/** The load clients met errors: the figures would not measure the load asked for, so none is printed. */
export class LoadErrors extends Error {}

export interface LoadSettings {
  tables: number;
  seconds: number;
  thinkMs: number;
  /** Client processes sharing the tables. */
  clientProcesses: number;
}

/** A server process, profiled into LOAD_PROFILE=DIR if set. */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dir = process.env.LOAD_PROFILE;
  return spawnServer(
    { ...LOAD_LIMITS, ...env },
    { nodeArgs: dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : [] },
  );
}

/**
 * Processor time a process has used so far, in ms (user + system, from /proc; Linux only, else undefined). The
 * load test reports the servers' processor time per move beside the wall-clock figures: on the shared 2-core machines
 * the throughput and latency measure whatever else runs, while processor time per move changes little with the load.
 */
function processorMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

const serversProcessorMs = (servers: ServerProcess[]) =>
  servers.reduce<number | undefined>((sum, server) => {
    const ms = processorMs(server.child.pid);
    return sum === undefined || ms === undefined ? undefined : sum + ms;
  }, 0);

interface ClientResult {
  moves: number;
  seconds: number;
  errors: number;
  /** The first distinct reasons of the errors. */
  reasons: string[];
  latencies: number[];
}

/** A load client process, set up and waiting for `go` (see load-client.ts). */
interface LoadClient {
  go(): Promise<ClientResult>;
  quit(): Promise<void>;
}

async function startClient(
  urls: string,
  tables: number,
  settings: LoadSettings,
  prefix: string,
): Promise<LoadClient> {
  const child = spawn(
    process.execPath,
    [CLIENT, urls, String(tables), String(settings.seconds), String(settings.thinkMs), prefix, loadGame()],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`load client exited with ${code}`)),
    ),
  );
  void exited.catch(() => undefined); // reported by whichever wait is pending (or by quit)
  let output = '';
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    let end: number;
    while ((end = output.indexOf('\n')) >= 0) {
      lines.push(output.slice(0, end));
      output = output.slice(end + 1);
    }
    while (lines.length > 0 && waiters.length > 0)
      (waiters.shift() as (line: string) => void)(lines.shift() as string);
  });
  const nextLine = () =>
    Promise.race([
      new Promise<string>((resolve) => {
        if (lines.length > 0) resolve(lines.shift() as string);
        else waiters.push(resolve);
      }),
      exited.then(() => {
        throw new Error('load client exited early');
      }),
    ]);
  const ready = await nextLine();
  if (ready !== 'ready') throw new Error(`load client: expected "ready", got ${ready}`);
  return {
    async go() {
      child.stdin.write('go\n');
      return JSON.parse(await nextLine()) as ClientResult;
    },
    async quit() {
      child.stdin.end('quit\n');
      await exited;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Where the servers keep their data, and how many processes share it. */
export interface Deployment {
  /** Server processes (all on the same database). */
  processes: number;
  /** Sets up the storage; returns the servers' environment and how to clean up. */
  prepare(): Promise<{ env: Record<string, string>; cleanUp: () => Promise<void> }>;
}

/** One process on a fresh SQLite file. */
export const sqliteDeployment: Deployment = {
  processes: 1,
  prepare() {
    const dir = mkdtempSync(join(tmpdir(), 'skyline-load-'));
    return Promise.resolve({
      env: { DATABASE_PATH: join(dir, 'load.db') },
      cleanUp: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    });
  },
};

/**
 * The server under load: `skyline serve` processes as the deployment says, and client processes playing `tables`
 * tables of 4 clients (spread over the server processes). Reports moves per second and the latency percentiles.
 */
export async function serverLoad(
  name: string,
  settings: LoadSettings,
  deployment: Deployment = sqliteDeployment,
): Promise<FigureResult[]> {
  const { env, cleanUp } = await deployment.prepare();
  const servers: ServerProcess[] = [];
  try {
    // The first process migrates the database alone; the others start on it.
    servers.push(await startServer(env));
    for (let k = 1; k < deployment.processes; k++) servers.push(await startServer(env));
    const urls = servers.map((server) => server.url).join(',');
    const share = Math.ceil(settings.tables / settings.clientProcesses);
    const clients = await Promise.all(
      Array.from({ length: settings.clientProcesses }, (_, k) =>
        startClient(urls, Math.min(share, settings.tables - k * share), settings, `c${k}t`),
      ),
    );
    const processorBefore = serversProcessorMs(servers);
    const results = await Promise.all(clients.map((client) => client.go()));
    const processorAfter = serversProcessorMs(servers);
    await Promise.all(clients.map((client) => client.quit()));
    const moves = results.reduce((sum, r) => sum + r.moves, 0);
    const seconds = Math.max(...results.map((r) => r.seconds));
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    if (errors > 0) {
      const reasons = [...new Set(results.flatMap((r) => r.reasons))];
      throw new LoadErrors(
        `${name}: ${errors} errors during the load test (moves or new games refused or unanswered), so no figure: ` +
          reasons.join('; '),
      );
    }
    const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const common = {
      tables: settings.tables,
      clients: settings.tables * 4,
      seconds: Math.round(seconds),
      thinkMs: settings.thinkMs,
      errors,
    };
    const round = (x: number) => Math.round(x * 10) / 10;
    const processorPerMove =
      processorBefore === undefined || processorAfter === undefined || moves === 0
        ? []
        : [(processorAfter - processorBefore) / moves];
    return [
      {
        name: `${name}.moves`,
        value: round(moves / seconds),
        unit: 'moves/s',
        runs: 1,
        min: round(moves / seconds),
        max: round(moves / seconds),
        ...common,
      },
      {
        name: `${name}.p50`,
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        runs: 1,
        min: round(latencies[0] ?? NaN),
        max: round(latencies.at(-1) ?? NaN),
        ...common,
      },
      {
        name: `${name}.p99`,
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        runs: 1,
        min: round(latencies[0] ?? NaN),
        max: round(latencies.at(-1) ?? NaN),
        ...common,
      },
      ...processorPerMove
        .map((ms) => Math.round(ms * 1000) / 1000)
        .map((ms) => ({
          name: `${name}.cpuPerMove`,
          value: ms,
          unit: 'ms',
          runs: 1,
          min: ms,
          max: ms,
          ...common,
        })),
    ];
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await cleanUp();
  }
}

/**
 * The load test `runs` times over (each on fresh servers and storage): each figure is the median of the runs, with
 * the smallest and largest, and every run's value (`each`), as the machines are shared and noisy.
 */
export async function serverLoadRuns(
  name: string,
  settings: LoadSettings,
  deployment: Deployment,
  runs: number,
): Promise<FigureResult[]> {
  const all: FigureResult[][] = [];
  for (let k = 0; k < runs; k++) all.push(await serverLoad(name, settings, deployment));
  return (all[0] ?? []).map((first, index) => {
    const values = all.map((results) => (results[index] as FigureResult).value);
    return {
      ...first,
      value: median(values),
      runs,
      min: Math.min(...values),
      max: Math.max(...values),
      each: values,
      errors: all.reduce((sum, results) => sum + Number((results[index] as FigureResult).errors), 0),
    };
  });
}
