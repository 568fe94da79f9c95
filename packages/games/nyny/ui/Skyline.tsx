/**
 * The twelve positions as the skyline they build, seen in perspective: one tower per position, a floor per tile in
 * the order played, in the tiles' colours. Decorative for screen readers (the ring names every position); a pointer
 * resting on a tower shows what it holds.
 */
import { Tower } from '@skyline/board-kit';
import { SKYLINE, skylineFloor } from './geometry.js';
import { stackInWords } from './labels.js';
import { tileFill } from './tiles.js';
import type { T } from './words.js';

export function Skyline({ skyline, t }: { skyline: readonly (readonly string[])[]; t: T }) {
  const floor = skylineFloor(skyline);
  const { width, height, ground, step, left } = SKYLINE;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="nyny-skyline"
      aria-hidden="true"
      data-testid="nyny-skyline"
    >
      <rect x={0} y={84} width={width} height={12} fill="#c9d3df" />
      {skyline.map((stack, index) => {
        const x = left + index * step;
        return (
          <g key={index}>
            <title>{`${t('nyny.position', { n: index + 1 })}: ${stackInWords(stack, t)}`}</title>
            <rect x={x - 2} y={8} width={30} height={78} fill="transparent" />
            <Tower
              x={x}
              ground={ground}
              segments={stack.map((tile) => ({ colour: tileFill(tile), floors: 1 }))}
              width={20}
              depth={7}
              floor={floor}
            />
            <text x={x + 10} y={95} textAnchor="middle" fontSize={9} fill="#1d2733">
              {index + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
