/**
 * New York's part of a seat's panel (the board kit's `SeatFacts`): its colour (named: it scores), whether it has
 * chosen (everyone at once) or passed, its hand's size and the tiles everyone saw it take face up, its score in this
 * round and, over several rounds, in the match. Only from the viewer's view: a hand dealt face down is a count.
 */
import type { SeatFacts } from '@skyline/board-kit';
import type { NynyView } from '@skyline/nyny';
import { roundScores } from '@skyline/nyny/board';
import { KnownTiles } from './KnownTiles.js';
import { seatColour, tileName } from './tiles.js';
import type { T } from './words.js';

export function nynySeat(view: NynyView, seat: number, t: T): SeatFacts {
  const single = view.options.rounds === 1;
  const known = view.known[seat] ?? [];
  const hand = `${view.handSizes[seat] ?? 0}`;
  const state = view.passed[seat]
    ? t('nyny.passed')
    : view.options.variant === 'simultaneous' && view.phase === 'choose'
      ? t(view.chosen[seat] ? 'table.chosen' : 'table.notChosen')
      : '';
  return {
    colour: seatColour(view, seat),
    colourName: t(`colour.${view.options.colours[seat] ?? 'r'}` as 'colour.r'),
    state,
    score: `${view.scores[seat] ?? 0}`,
    holds: [
      {
        label: t('nyny.tiles', { n: '' }).trim(),
        value: known.length
          ? `${hand} · ${t('nyny.known', { tiles: known.map((tile) => tileName(tile, t)).join(', ') })}`
          : hand,
        // The tiles taken face up drawn small after the count (their words for screen readers inside).
        ...(known.length
          ? {
              picture: (
                <>
                  {hand} <KnownTiles tiles={known} seat={seat} t={t} />
                </>
              ),
            }
          : {}),
      },
      ...(single ? [] : [{ label: t('nyny.roundScore'), value: `${roundScores(view)[seat] ?? 0}` }]),
    ],
  };
}
