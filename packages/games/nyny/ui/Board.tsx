/**
 * New York, New York's board: the ring of twelve skyline positions around the pool, the skyline they build, the
 * viewer's hand and the two ways to play a turn (play a tile, or pass; then take one from the pool), the players.
 * Composition only: each part draws itself; what the viewer may do comes from its legal moves (`turn.ts`).
 */
import { gameInputs, useWhyNot, WhyNot, type BoardProps, type KitKey } from '@skyline/board-kit';
import type { NynyMove, NynyView } from '@skyline/nyny';
import { useState } from 'react';
import { Box } from './Box.js';
import { Hand } from './Hand.js';
import { Pool } from './Pool.js';
import { Ring } from './Ring.js';
import { Skyline } from './Skyline.js';
import { StackDetail } from './StackDetail.js';
import { numberOf } from './tiles.js';
import { hintOf, offerOf, whyNot } from './turn.js';
import type { NynyKey } from './words.js';

export function NynyBoard(props: BoardProps<NynyKey | KitKey>) {
  const { names, t, send, recent, status } = props;
  const { view, legalMoves } = gameInputs<NynyView, NynyMove>(props);
  const offer = offerOf(legalMoves);
  const [openStack, setOpenStack] = useState<number | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const target = hovered && offer.playable.has(hovered) ? numberOf(hovered) - 1 : null;
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

  return (
    <div className="nyny board">
      <div className="board-main">
        <Ring
          skyline={view.skyline}
          target={target}
          justPlayed={justPlayed}
          openStack={openStack}
          toggleStack={(index) => setOpenStack(openStack === index ? null : index)}
          names={names}
          t={t}
        >
          <Pool
            pool={view.pool}
            takeable={offer.takeable}
            deckSize={view.deckSize}
            take={(tile) => send({ type: 'take', tile })}
            explain={() => explain('pool')}
            t={t}
          />
        </Ring>
        <Skyline skyline={view.skyline} t={t} />
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
            play={(tile) => send({ type: 'play', tile })}
            point={setHovered}
            explain={() => explain('hand')}
            t={t}
          />
        )}
        <WhyNot why={why} />
        {offer.canPass && (
          <button type="button" className="pass" onClick={() => send({ type: 'pass' })}>
            {t('nyny.pass')}
          </button>
        )}
        {view.box.length > 0 && <Box box={view.box} t={t} />}
      </div>
    </div>
  );
}
