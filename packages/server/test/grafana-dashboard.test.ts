/**
 * The Grafana dashboard of docs/deploy/grafana-dashboard.json queries only what the server exports: every metric name
 * in its PromQL is one that a server's `GET /metrics` declares (a renamed metric would leave a panel silently empty),
 * and every label value it selects on (`status="playing"`, `outcome="accepted"`) is one a server reports after a
 * move. `job` and `instance` are Prometheus's own labels, added when it scrapes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstLegalMove, guestMaker, startTable, testServerForFile } from './harness.js';

const server = testServerForFile();
const guests = guestMaker('graf', () => server);

interface Panel {
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}
const dashboard = JSON.parse(
  readFileSync(new URL('../../../docs/deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
) as { panels: Panel[]; templating: { list: { query: { query: string } }[] } };

/** Every PromQL expression of the dashboard: its panels' (rows' panels included) and its variables' queries. */
const expressions = [...dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])])].flatMap(
  (panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
);
/** The variables' queries are Grafana's `label_values(METRIC{...}, LABEL)`: the metric is what they read. */
const variables = dashboard.templating.list.map((variable) => {
  const metric = /^label_values\(([A-Za-z_:][A-Za-z0-9_:]*)/.exec(variable.query.query);
  if (!metric)
    throw new Error(`a variable's query is not label_values(METRIC, LABEL): ${variable.query.query}`);
  return metric[1]!;
});

/** PromQL's words that are not metric names: functions and aggregations (followed by "("), and the modifiers. */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset']);

/** The metric names an expression reads: what is left once strings, selectors, ranges and groupings are taken out. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(match[0])) continue;
    names.push(match[0]);
  }
  return names;
}

/** `name{label="value"}` pairs an expression selects on, but Prometheus's own labels. */
function selected(expr: string): { name: string; label: string; value: string }[] {
  return [...expr.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\{([^}]*)\}/g)].flatMap(([, name, inside]) =>
    [...inside!.matchAll(/(\w+)\s*=\s*"([^"]*)"/g)]
      .filter(([, label]) => label !== 'job' && label !== 'instance')
      .map(([, label, value]) => ({ name: name!, label: label!, value: value! })),
  );
}

/** The series names `/metrics` declares (`# TYPE`), with the ones a histogram or summary adds. */
function exported(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('the Grafana dashboard (docs/deploy/grafana-dashboard.json)', () => {
  it('reads the metric names out of PromQL, leaving functions, labels, ranges and groupings', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le) (rate(a_bucket{job="$job", x=~"y(z)"}[$__rate_interval]))) / sum(b_total)',
      ),
    ).toEqual(['a_bucket', 'b_total']);
  });

  it("queries only metrics a server's /metrics declares, and label values it reports", async () => {
    // One move played, so that the moves and the tables in play have their series.
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    expect((await firstLegalMove([ann!, bob!], tableId, 'g1')).ok).toBe(true);
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer test-metrics-token' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const names = exported(text);

    expect(expressions.length).toBeGreaterThan(10);
    const missing = [
      ...expressions.map(({ panel, expr }) => ({ panel, expr })),
      ...variables.map((expr) => ({ panel: 'variables', expr })),
    ]
      .flatMap(({ panel, expr }) => metricNames(expr).map((name) => ({ panel, name })))
      .filter(({ name }) => !names.has(name));
    expect(missing).toEqual([]);
    // The Skyline metrics are all on the dashboard: a new one is a decision, not an oversight.
    const used = new Set(expressions.flatMap(({ expr }) => metricNames(expr)));
    const skyline = [...text.matchAll(/^# TYPE (skyline_\S+) /gm)].map(([, name]) => name!);
    for (const name of skyline)
      expect(
        [...used].some((each) => each === name || each.startsWith(`${name}_`)),
        name,
      ).toBe(true);

    for (const { expr } of expressions)
      for (const { name, label, value } of selected(expr))
        expect(text, `${name}{${label}="${value}"}`).toContain(`${name}{${label}="${value}"}`);
    for (const client of [ann!, bob!]) client.close();
  });
});
