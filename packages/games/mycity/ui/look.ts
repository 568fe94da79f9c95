/** How My City's board looks: the colour of each terrain and of each kind of building (its id's first letter). */
import type { Terrain } from '@skyline/mycity';

/** Each terrain's fill and the word that names it (`mycity.terrain.<word>`). */
export const TERRAIN_LOOK: Record<
  Terrain,
  { fill: string; key: 'grass' | 'tree' | 'rock' | 'river' | 'mountain' | 'forest' }
> = {
  '.': { fill: '#cfe8a9', key: 'grass' },
  T: { fill: '#cfe8a9', key: 'tree' },
  R: { fill: '#cfe8a9', key: 'rock' },
  '~': { fill: '#7fb8e6', key: 'river' },
  M: { fill: '#a89f94', key: 'mountain' },
  F: { fill: '#3f7d3a', key: 'forest' },
};

/** The legend's order. */
export const TERRAINS: readonly Terrain[] = ['.', 'T', 'R', '~', 'M', 'F'];

/**
 * Residential, public and industrial buildings (ids `y1`.., `r1`.., `b1`..): sand, pink and slate, hues no seat's
 * colour takes (`SEAT_COLOURS`: red, blue, yellow, green, purple, orange), so that a building's colour never reads as
 * a player's; and none is a terrain's (grass, river, mountain, forest).
 */
const BUILDING_FILL: Record<string, string> = { y: '#e8cfa4', r: '#f19cc3', b: '#8b9ab0' };

/** A building's fill, by its id (or, for an unknown id, a plain grey). */
export const buildingFill = (id: string): string => BUILDING_FILL[id[0] ?? 'y'] ?? '#ccc';

/**
 * The mark drawn on every square of a building, by its kind, so that the kinds are told apart without their colours:
 * pink and slate are close for a player with protanopia (test/kind-marks.test.ts measures it). A house for
 * residential, a hall with columns for public, a factory for industrial (`KindMark.tsx`); the legend shows them with
 * their names.
 */
export type KindMarkShape = 'house' | 'hall' | 'factory';

/** The kinds, in the legend's order: the id's first letter, the kind's word (`mycity.kind.<kind>`), fill and mark. */
export const BUILDING_KIND_LOOKS: readonly {
  letter: string;
  kind: 'residential' | 'public' | 'industrial';
  fill: string;
  mark: KindMarkShape;
}[] = [
  { letter: 'y', kind: 'residential', fill: BUILDING_FILL.y as string, mark: 'house' },
  { letter: 'r', kind: 'public', fill: BUILDING_FILL.r as string, mark: 'hall' },
  { letter: 'b', kind: 'industrial', fill: BUILDING_FILL.b as string, mark: 'factory' },
];

/** A building's mark, by its id (none for an unknown id). */
export const buildingMark = (id: string): KindMarkShape | undefined =>
  BUILDING_KIND_LOOKS.find((look) => look.letter === id[0])?.mark;
