/**
 * Chinatown's twelve shop kinds as small drawn icons (SVG shapes, no font or emoji needed), so that a kind is
 * readable at a glance on a lot; the lot's name and tooltip say the kind's full name. Each icon is drawn in a 16×16
 * box at (x, y) in one ink colour, chosen by the caller for contrast with the kind's colour.
 */
import type { ReactNode } from 'react';

const ICONS: Record<string, (ink: string) => ReactNode> = {
  seafood: (ink) => (
    <>
      <ellipse cx={7} cy={8} rx={5.5} ry={3.5} fill={ink} />
      <path d="M11.5 8 L16 4.5 L16 11.5 Z" fill={ink} />
    </>
  ),
  pharmacy: (ink) => (
    <>
      <rect x={6} y={2} width={4} height={12} fill={ink} />
      <rect x={2} y={6} width={12} height={4} fill={ink} />
    </>
  ),
  teahouse: (ink) => (
    <>
      <path d="M2 5 H12 V10 A4 4 0 0 1 8 14 H6 A4 4 0 0 1 2 10 Z" fill={ink} />
      <circle cx={13} cy={8} r={2.2} fill="none" stroke={ink} strokeWidth={1.5} />
    </>
  ),
  drycleaner: (ink) => (
    <path
      d="M8 4 A1.6 1.6 0 1 1 9.2 5.5 L8 7 L1.5 12.5 H14.5 L8 7"
      fill="none"
      stroke={ink}
      strokeWidth={1.6}
    />
  ),
  restaurant: (ink) => (
    <>
      <path d="M1.5 8 H14.5 A6.5 6 0 0 1 1.5 8 Z" fill={ink} />
      <line x1={6} y1={7} x2={10} y2={1} stroke={ink} strokeWidth={1.4} />
      <line x1={8} y1={7} x2={13} y2={2} stroke={ink} strokeWidth={1.4} />
    </>
  ),
  sports: (ink) => (
    <>
      <circle cx={8} cy={8} r={6} fill="none" stroke={ink} strokeWidth={1.6} />
      <path d="M2.5 6 Q8 9 13.5 6 M2.5 10 Q8 7 13.5 10" fill="none" stroke={ink} strokeWidth={1.2} />
    </>
  ),
  antiques: (ink) => <path d="M6 1.5 H10 V4 Q14 7 12 12 L11 14.5 H5 L4 12 Q2 7 6 4 Z" fill={ink} />,
  hardware: (ink) => (
    <>
      <rect x={3} y={2} width={10} height={4} rx={1} fill={ink} />
      <rect x={7} y={6} width={2.6} height={9} fill={ink} />
    </>
  ),
  tailor: (ink) => (
    <>
      <circle cx={4} cy={12} r={2.3} fill="none" stroke={ink} strokeWidth={1.5} />
      <circle cx={12} cy={12} r={2.3} fill="none" stroke={ink} strokeWidth={1.5} />
      <path d="M5.5 10.3 L12 1.5 M10.5 10.3 L4 1.5" stroke={ink} strokeWidth={1.5} />
    </>
  ),
  agency: (ink) => (
    <>
      <rect x={1.5} y={5} width={13} height={9} rx={1.5} fill={ink} />
      <path d="M5.5 5 V3 H10.5 V5" fill="none" stroke={ink} strokeWidth={1.5} />
    </>
  ),
  watchmaker: (ink) => (
    <>
      <circle cx={8} cy={8} r={6} fill="none" stroke={ink} strokeWidth={1.6} />
      <path d="M8 4 V8 L11 10" fill="none" stroke={ink} strokeWidth={1.5} />
    </>
  ),
  radio: (ink) => (
    <>
      <rect x={1.5} y={6} width={13} height={8.5} rx={1.5} fill={ink} />
      <line x1={4} y1={6} x2={12} y2={1.5} stroke={ink} strokeWidth={1.3} />
    </>
  ),
};

/** The kinds that have an icon (every kind of the data: test/ui/palette.test.ts). */
export const ICON_KINDS: readonly string[] = Object.keys(ICONS);

/** The icon of a shop kind, or nothing for a kind without one. */
export function ShopIcon({
  kind,
  x,
  y,
  ink,
  size = 16,
}: {
  kind: string;
  x: number;
  y: number;
  ink: string;
  size?: number;
}) {
  const draw = ICONS[kind];
  if (!draw) return null;
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 16})`} aria-hidden="true" data-icon={kind}>
      {draw(ink)}
    </g>
  );
}
