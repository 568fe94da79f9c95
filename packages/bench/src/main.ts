/**
 * `npm run bench [-- PREFIX...]`: prints one JSON line per figure, `{"name", "value", "unit", "runs", "min", "max"}`,
 * the value being the median of 5 runs. With prefixes, only the figures whose name starts with one of them.
 */
import { measure, type Figure } from './measure.js';
import { chinatownFigures } from './figures/chinatown.js';
import { nynyFigures } from './figures/nyny.js';

const FIGURES: Figure[] = [...nynyFigures, ...chinatownFigures];

const prefixes = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const selected = FIGURES.filter((f) => prefixes.length === 0 || prefixes.some((p) => f.name.startsWith(p)));
if (selected.length === 0) {
  console.error(
    `no figure starts with ${prefixes.join(' or ')}; figures: ${FIGURES.map((f) => f.name).join(', ')}`,
  );
  process.exit(1);
}
for (const figure of selected) console.log(JSON.stringify(measure(figure)));
