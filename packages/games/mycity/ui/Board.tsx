/**
 * My City: every seat's board (yours large, the others small), the revealed building, and a placement preview that
 * follows the pointer (or the arrow keys), turns with R or a button — never mirrors — and shows whether it may be
 * dropped there before you drop it. Only the seat's legal moves are ever sent. This file puts the parts together.
 */
import {
  gameInputs,
  seatName,
  useWhyNot,
  waitingReason,
  WhyNot,
  type BoardProps,
  type KitKey,
} from '@skyline/board-kit';
import { BUILDING_SHAPES, COLS, ROWS, buildingOf, type MyCityMove, type MyCityView } from '@skyline/mycity';
import { BuildButtons, ChosenNote, FitsNowhere, PassOrStop, PlaceHint, RevealedCard } from './Choice.js';
import { CityLayers, GridNumbers, SIZE } from './CityPicture.js';
import { fitsNowhere, justBuiltBySeat, type Cell } from './geometry.js';
import { OtherCities } from './OtherCities.js';
import { ChosenBuilding, Preview } from './Placing.js';
import { Legend, SquareFrames } from './Terrain.js';
import { usePlacement } from './usePlacement.js';
import type { MyCityKey } from './words.js';

/** A card's shape as printed, by its id (none for no card). */
function cardShape(id: string | null): Cell[] {
  const building = id === null ? undefined : buildingOf(id);
  return building === undefined ? [] : (BUILDING_SHAPES[building] ?? []).map(([r, c]) => [r, c] as Cell);
}

export function MyCityBoard(props: BoardProps<MyCityKey | KitKey>) {
  const { names, t, send, recent, status } = props;
  // A building chosen and awaiting its confirmation is drawn as a choice made (dashed), where it will stand.
  const staged = props.staged as MyCityMove | null | undefined;
  const { view, legalMoves, me } = gameInputs<MyCityView, MyCityMove>(props);
  const building = view.revealed[view.revealed.length - 1] ?? null;
  const canPass = legalMoves.some((m) => m.type === 'pass');
  const canStop = legalMoves.some((m) => m.type === 'stop');
  const { why, say } = useWhyNot();
  const placing = usePlacement({
    legalMoves,
    card: cardShape(building),
    send,
    size: SIZE,
    rows: ROWS,
    cols: COLS,
    // Nothing to build now: say why (a choice made, the others awaited), unless the game is over or only watched.
    onIdleClick: () => {
      if (me !== null && view.phase !== 'over')
        say(
          view.choice
            ? t('why.chosen')
            : legalMoves.length > 0
              ? t('why.nothingFits')
              : waitingReason(t, names, status, me),
        );
    },
  });
  const { canBuild, placed, move } = placing;

  const mainSeat = me ?? 0;
  const others = view.boards.map((_, seat) => seat).filter((seat) => seat !== me);
  const choice = view.choice;
  const justBuilt = justBuiltBySeat(recent ?? [], view.boards);

  return (
    <div className="mycity board">
      <div className="board-main">
        <h3>
          {me !== null ? t('mycity.yourCity') : seatName(names, mainSeat)} ·{' '}
          {t('mycity.episode', { n: view.episode, of: view.options.episodes })}
        </h3>
        <GridNumbers>
          <svg
            viewBox={`0 0 ${COLS * SIZE} ${ROWS * SIZE}`}
            className="mycity-board"
            role="application"
            aria-label={t('mycity.boardLabel')}
            aria-describedby={canBuild ? 'mycity-place-hint' : undefined}
            tabIndex={canBuild ? 0 : -1}
            {...placing.board}
            data-testid="mycity-board"
            data-rows={ROWS}
            data-cols={COLS}
          >
            <CityLayers
              built={view.boards[mainSeat] ?? []}
              justBuilt={justBuilt.get(mainSeat)}
              size={SIZE}
              t={t}
              testId="built"
            />
            {choice?.type === 'build' && (
              <ChosenBuilding building={building} cells={choice.cells} size={SIZE} t={t} />
            )}
            {!choice && staged?.type === 'build' && (
              <ChosenBuilding building={building} cells={staged.cells} size={SIZE} t={t} />
            )}
            {placed && <Preview cells={placed} legal={move !== undefined} size={SIZE} />}
            <SquareFrames size={SIZE} />
          </svg>
        </GridNumbers>
        <WhyNot why={why} />
        {canBuild && (
          <PlaceHint placed={placed !== null} legal={move !== undefined} touch={placing.touch} t={t} />
        )}
      </div>

      <div className="board-side">
        {building && view.phase !== 'over' && (
          <RevealedCard building={building} shape={placing.shape} deckSize={view.deckSize} t={t} />
        )}
        {canBuild && (
          <BuildButtons
            canDrop={move !== undefined}
            turn={placing.turn}
            findSpot={placing.findSpot}
            drop={placing.drop}
            t={t}
          />
        )}
        {me !== null && building && view.phase !== 'over' && (
          <FitsNowhere why={fitsNowhere(legalMoves)} t={t} />
        )}
        <PassOrStop canPass={canPass} canStop={canStop} send={send} t={t} />
        {choice && me !== null && !canBuild && <ChosenNote choice={choice} t={t} />}
        <Legend t={t} />
        <OtherCities view={view} seats={others} names={names} justBuilt={justBuilt} t={t} />
      </div>
    </div>
  );
}
