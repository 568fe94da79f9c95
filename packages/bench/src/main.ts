/**
 * `npm run bench [-- PREFIX...]`: prints one JSON line per figure, `{"name", "value", "unit", "runs", "min", "max"}`.
 * Engine figures are the median of 5 runs; each server load test is the median of LOAD_RUNS (default 3) runs of
 * LOAD_SECONDS (default 30) seconds.
 * With prefixes, only the figures whose name starts with one of them.
 */
import { botFigures } from './figures/bots.js';
import { gameFigures } from './figures/games.js';
import { postgresDeployment } from './figures/pg-deployment.js';
import { LoadErrors, serverLoadRuns, sqliteDeployment } from './figures/server-load.js';
import { SIMULTANEOUS_CASES, simultaneousFigures } from './figures/simultaneous.js';
import { webFigures } from './figures/web.js';
import { REVIEW_FIGURES, reviewFigures } from './figures/review.js';
import { measure, type Figure, type FigureResult } from './measure.js';

/** Several figures from one run (a load test). */
interface Scenario {
  names: string[];
  run(): Promise<FigureResult[]>;
}

const FIGURES: Figure[] = [...gameFigures(), ...botFigures];

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The same load for every deployment, so that their figures compare. */
const loadSettings = () => ({
  tables: env('LOAD_TABLES', 200),
  seconds: env('LOAD_SECONDS', 30),
  thinkMs: env('LOAD_THINK_MS', 150),
  clientProcesses: 2,
});

const SCENARIOS: Scenario[] = [
  {
    names: REVIEW_FIGURES,
    run: () =>
      Promise.resolve().then(() =>
        reviewFigures({
          games: env('REVIEW_GAMES', 3),
          ms: env('REVIEW_MS', 200),
          continuations: env('REVIEW_CONTINUATIONS', 20),
        }),
      ),
  },
  { names: ['web.bundle.gzip', 'web.lobby.ms'], run: () => webFigures(env('WEB_RUNS', 7)) },
  {
    names: [
      'server.load.sqlite.moves',
      'server.load.sqlite.p50',
      'server.load.sqlite.p99',
      'server.load.sqlite.cpuPerMove',
    ],
    run: () => serverLoadRuns('server.load.sqlite', loadSettings(), sqliteDeployment, env('LOAD_RUNS', 3)),
  },
  {
    names: SIMULTANEOUS_CASES.map((spec) => spec.name),
    run: () => simultaneousFigures(env('SIMULTANEOUS_GAMES', 3)),
  },
  {
    names: [
      'server.load.pg2.moves',
      'server.load.pg2.p50',
      'server.load.pg2.p99',
      'server.load.pg2.cpuPerMove',
    ],
    run: () => serverLoadRuns('server.load.pg2', loadSettings(), postgresDeployment(2), env('LOAD_RUNS', 3)),
  },
];

const prefixes = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wanted = (name: string) => prefixes.length === 0 || prefixes.some((prefix) => name.startsWith(prefix));
const figures = FIGURES.filter((figure) => wanted(figure.name));
const scenarios = SCENARIOS.filter((scenario) => scenario.names.some(wanted));
if (figures.length === 0 && scenarios.length === 0) {
  const all = [...FIGURES.map((f) => f.name), ...SCENARIOS.flatMap((s) => s.names)];
  console.error(`no figure starts with ${prefixes.join(' or ')}; figures: ${all.join(', ')}`);
  process.exit(1);
}
for (const figure of figures) console.log(JSON.stringify(measure(figure)));
try {
  for (const scenario of scenarios) {
    for (const result of await scenario.run()) if (wanted(result.name)) console.log(JSON.stringify(result));
  }
} catch (error) {
  // A load test that met errors measured something else than the load asked for: no figure, and a failed run.
  if (!(error instanceof LoadErrors)) throw error;
  console.error(`bench: ${error.message}`);
  process.exit(1);
}
