/**
 * The seat's choice beside its board: the revealed building (turned as the player turned it), the buttons that turn,
 * place and build it, pass or stop, the hint under the board, and the choice made while the others choose.
 */
import type { MyCityMove } from '@skyline/mycity';
import type { Cell } from './geometry.js';
import { BuildingPiece, RoofPatterns, useRoofPatternsId } from './Buildings.js';
import { KindMarks } from './KindMark.js';
import { buildingMark } from './look.js';
import { buildingName } from './names.js';
import type { T } from './words.js';

/** The building everybody may build now, and how many cards are left face down. */
export function RevealedCard({
  building,
  shape,
  deckSize,
  t,
}: {
  building: string;
  shape: readonly Cell[];
  deckSize: number;
  t: T;
}) {
  const roofs = useRoofPatternsId();
  return (
    <section aria-label={t('mycity.revealed')}>
      <h3>{t('mycity.revealed')}</h3>
      <div className="revealed">
        {/* The building as it will stand on the board, in squares of 20 units (four squares across at most). */}
        <svg viewBox="-4 -4 88 88" width={88} height={88} role="img" aria-label={buildingName(building, t)}>
          <RoofPatterns prefix={roofs} size={20} />
          <BuildingPiece id={building} cells={shape} size={20} roofs={roofs} />
          <KindMarks shape={buildingMark(building)} cells={shape} size={20} />
        </svg>
        <div>
          <strong>{buildingName(building, t)}</strong>
          <div className="muted small">{t('mycity.deck', { n: deckSize })}</div>
        </div>
      </div>
    </section>
  );
}

/** Turn the building, show a spot where it fits, build it where it stands (when it may be built there). */
export function BuildButtons({
  canDrop,
  turn,
  findSpot,
  drop,
  t,
}: {
  canDrop: boolean;
  turn: () => void;
  findSpot: () => void;
  drop: () => void;
  t: T;
}) {
  return (
    <div className="row-buttons">
      <button type="button" onClick={turn} data-testid="rotate" aria-keyshortcuts="R">
        ⟳ {t('mycity.turn')}
      </button>
      <button type="button" onClick={findSpot} data-testid="find-spot">
        {t('mycity.findSpot')}
      </button>
      <button type="button" className="primary" disabled={!canDrop} onClick={drop} data-testid="drop">
        {t('mycity.build')}
      </button>
    </div>
  );
}

/** Pass (the marker goes down by one) or stop for the episode, when the seat may. */
export function PassOrStop({
  canPass,
  canStop,
  send,
  t,
}: {
  canPass: boolean;
  canStop: boolean;
  send: (move: MyCityMove) => void;
  t: T;
}) {
  if (!canPass && !canStop) return null;
  return (
    <div className="row-buttons">
      {canPass && (
        <button type="button" onClick={() => send({ type: 'pass' })} data-testid="pass">
          {t('mycity.pass')}
        </button>
      )}
      {canStop && (
        <button type="button" onClick={() => send({ type: 'stop' })} data-testid="stop">
          {t('mycity.stop')}
        </button>
      )}
    </div>
  );
}

/** The seat's choice, kept secret from the others until everyone has chosen. */
export function ChosenNote({ choice, t }: { choice: MyCityMove; t: T }) {
  const what =
    choice.type === 'build'
      ? t('mycity.build')
      : choice.type === 'pass'
        ? t('mycity.pass')
        : t('mycity.stop');
  return (
    <p className="hint" role="status">
      {t('mycity.chosen', { what })}
    </p>
  );
}

/** What to do next with the building (the board's description): place it, or build it where it stands. */
export function PlaceHint({
  placed,
  legal,
  touch,
  t,
}: {
  placed: boolean;
  legal: boolean;
  touch: boolean;
  t: T;
}) {
  return (
    <p
      className="muted small"
      role="status"
      aria-live="polite"
      id="mycity-place-hint"
      data-testid="place-hint"
    >
      {placed
        ? legal
          ? t(touch ? 'mycity.canDropTouch' : 'mycity.canDrop')
          : t('mycity.cannotDrop')
        : t(touch ? 'mycity.placeHintTouch' : 'mycity.placeHint')}
    </p>
  );
}

/**
 * Why the build buttons are gone: the revealed building fits nowhere on the seat's board, turned any way (the game's
 * legal moves hold no build), so it may only pass or stop (or only stop, its marker at 0).
 */
export function FitsNowhere({ why, t }: { why: 'passOrStop' | 'stop' | null; t: T }) {
  if (why === null) return null;
  return (
    <p className="hint" role="status" data-testid="fits-nowhere">
      {t(why === 'stop' ? 'mycity.fitsNowhereStop' : 'why.nothingFits')}
    </p>
  );
}
