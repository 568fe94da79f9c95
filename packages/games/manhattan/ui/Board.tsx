/**
 * Manhattan's board: the six cities of nine lots, the pieces chosen at each round's start, and builds drafted from a
 * card, a piece and a lot; the players and what the round would score now. Composition only: each part draws itself;
 * what the viewer may do comes from its legal moves (`draft.ts`), owners, heights and scores from the rules.
 */
import {
  gameInputs,
  SEAT_COLOURS,
  useWhyNot,
  WhyNot,
  type BoardProps,
  type KitKey,
} from '@skyline/board-kit';
import type { ManhattanMove, ManhattanView } from '@skyline/manhattan';
import { lotsOfView, scoreView } from '@skyline/manhattan/board';
import { useState } from 'react';
import { Cards } from './Cards.js';
import { CityMap } from './CityMap.js';
import { Discards } from './Discards.js';
import { draftOf, justBuiltAt, whyNot } from './draft.js';
import { boardMarks } from './marks.js';
import { MarksLegend } from './MarksLegend.js';
import { PiecePicker } from './PiecePicker.js';
import { RoundsAndPiles, ScoreBreakdown } from './ScoreBreakdown.js';
import { SelectPieces } from './SelectPieces.js';
import type { ManhattanKey } from './words.js';

export function ManhattanBoard(props: BoardProps<ManhattanKey | KitKey>) {
  const { names, t, send, recent, status } = props;
  const { view, legalMoves, me } = gameInputs<ManhattanView, ManhattanMove>(props);
  const [card, setCard] = useState<number | null>(null);
  const [piece, setPiece] = useState<number | null>(null);
  const draft = draftOf(view, legalMoves, card, piece);

  const { why, say } = useWhyNot();
  const explain = (what: 'card' | 'lot') => {
    const reason = whyNot(what, { view, draft, t, names, status });
    if (reason) say(reason);
  };

  const { owners, heights } = lotsOfView(view.board, view.players);
  const marks = boardMarks(view.players, owners, heights);

  return (
    <div className="manhattan board">
      <div className="board-main">
        <CityMap
          board={view.board}
          owners={owners}
          heights={heights}
          marks={marks}
          targetAt={draft.targetAt}
          highlighted={draft.highlighted}
          justBuiltAt={justBuiltAt(view, recent)}
          build={send}
          explain={() => explain('lot')}
          names={names}
          t={t}
        />
        <MarksLegend t={t} />
      </div>

      <div className="board-side">
        <WhyNot why={why} />
        {draft.selects.length > 0 && me !== null && (
          <SelectPieces view={view} seat={me} selects={draft.selects} send={send} t={t} />
        )}
        {draft.builds.length > 0 && (
          <div className="hint" role="status">
            {t('manhattan.buildHint')}
          </div>
        )}
        {view.hand && (
          <Cards
            view={view}
            hand={view.hand}
            usable={draft.cards}
            chosen={draft.card}
            choose={setCard}
            explain={() => explain('card')}
            t={t}
          />
        )}
        {draft.builds.length > 0 && (
          <PiecePicker
            pieces={draft.pieces}
            chosen={draft.piece}
            choose={setPiece}
            colour={SEAT_COLOURS[me ?? 0] ?? '#888888'}
            t={t}
          />
        )}
        {draft.discards.length > 0 && <Discards discards={draft.discards} send={send} t={t} />}
        {draft.canSkip && (
          <button type="button" onClick={() => send({ type: 'skip' })} data-testid="skip">
            {t('manhattan.skip')}
          </button>
        )}
        <ScoreBreakdown score={scoreView(view.board, view.players)} names={names} t={t} />
      </div>
      <RoundsAndPiles view={view} names={names} t={t} />
    </div>
  );
}
