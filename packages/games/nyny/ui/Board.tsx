/**
 * New York, New York's board. The city is the main view: the twelve positions as the skyline they build, the runs
 * that score, and the positions' buttons under the towers. Beside it (under it on a phone): what to do now, the
 * viewer's hand, the pool, Pass, the box. Composition only: each part draws itself; what the viewer may do comes from
 * its legal moves (`turn.ts`); the keys and where the focus goes are `useKeys.ts`.
 */
import { gameInputs, useWhyNot, WhyNot, type BoardProps, type KitKey } from '@skyline/board-kit';
import type { NynyMove, NynyView } from '@skyline/nyny';
import { scoringRuns } from '@skyline/nyny/board';
import { useRef, useState } from 'react';
import { Box } from './Box.js';
import { City } from './City.js';
import { Hand } from './Hand.js';
import type { Row } from './keys.js';
import { Pool } from './Pool.js';
import { Runs } from './Runs.js';
import { StackDetail } from './StackDetail.js';
import { hintOf, offerOf, whyNot } from './turn.js';
import { useBoardKeys } from './useKeys.js';
import type { NynyKey } from './words.js';

export function NynyBoard(props: BoardProps<NynyKey | KitKey>) {
  const { names, t, send, recent, status } = props;
  const { view, legalMoves } = gameInputs<NynyView, NynyMove>(props);
  const offer = offerOf(legalMoves);
  const [openStack, setOpenStack] = useState<number | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const pointed = hovered && offer.playable.has(hovered) ? hovered : null;
  /** The tiles just played, with who played each. */
  const justPlayed = new Map<string, number>();
  for (const { seat, move } of recent ?? [])
    if (move.type === 'play' && typeof move.tile === 'string') justPlayed.set(move.tile, seat);

  const { why, say } = useWhyNot();
  const explain = (where: 'hand' | 'pool') => {
    const reason = whyNot(where, { view, offer, t, names, status });
    if (reason) say(reason);
  };
  const hint = hintOf(view, offer, t);
  const runs = scoringRuns(view);

  const root = useRef<HTMLDivElement>(null);
  const asked: Row | null = offer.playable.size > 0 ? 'hand' : offer.takeable.size > 0 ? 'pool' : null;
  useBoardKeys(root, asked, offer.canPass);

  return (
    <div className={view.phase === 'over' ? 'nyny board over' : 'nyny board'} ref={root}>
      <div className="board-main">
        <City
          skyline={view.skyline}
          runs={runs}
          colours={view.options.colours}
          pointed={pointed}
          justPlayed={justPlayed}
          openStack={openStack}
          toggleStack={(index) => setOpenStack(openStack === index ? null : index)}
          names={names}
          t={t}
        />
        <Runs
          runs={runs}
          colours={view.options.colours}
          bonus={view.options.bonus}
          over={view.phase === 'over'}
          t={t}
        />
        {openStack !== null && <StackDetail index={openStack} stack={view.skyline[openStack] ?? []} t={t} />}
      </div>

      <div className="board-side">
        {hint && (
          <p className="hint" role="status">
            {hint}
          </p>
        )}
        {view.hand && view.phase !== 'over' && (
          <Hand
            hand={view.hand}
            playable={offer.playable}
            choice={view.choice}
            skyline={view.skyline}
            play={(tile) => send({ type: 'play', tile })}
            point={setHovered}
            explain={() => explain('hand')}
            t={t}
          />
        )}
        <WhyNot why={why} />
        {offer.canPass && (
          <button type="button" className="pass" aria-keyshortcuts="P" onClick={() => send({ type: 'pass' })}>
            {t('nyny.pass')}
          </button>
        )}
        {view.phase !== 'over' && (
          <Pool
            pool={view.pool}
            takeable={offer.takeable}
            deckSize={view.deckSize}
            take={(tile) => send({ type: 'take', tile })}
            explain={() => explain('pool')}
            t={t}
          />
        )}
        {view.box.length > 0 && <Box box={view.box} t={t} />}
        {asked !== null && <p className="nyny-keys muted">{t('nyny.keys')}</p>}
      </div>
    </div>
  );
}
