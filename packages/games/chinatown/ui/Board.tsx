/**
 * Chinatown: the six blocks of numbered lots with owners and shop tiles (shops as the rules group them, complete ones
 * starred), the settle choice, the trading panel (compose, answer, withdraw, ready), placement by clicking a tile then
 * one of your empty lots, each round's income and the economy cards.
 *
 * This file composes the parts and holds the board's state (the lots picked to settle, the tile chosen, the offer's
 * draft); each part draws one thing: the offers made to the viewer, at the top (`IncomingOffers`), the map
 * (`CityMap`, `Lot`, shops outlined), its key (`ShopKey`), the seat panel (`RoundLine`, `LotCards`, `TileHand`,
 * `TradingPanel`, `OfferList`, `IncomeTable`; the seats' panels are the page's, from `seat.tsx`).
 */
import { shopsOnBoard } from '@skyline/chinatown/shops';
import { gameInputs, useWhyNot, WhyNot, type BoardProps, type KitKey } from '@skyline/board-kit';
import { useMemo, useState } from 'react';
import { CityMap } from './CityMap.js';
import { IncomeTable } from './IncomeTable.js';
import { IncomingOffers } from './IncomingOffers.js';
import { LotCards } from './LotCards.js';
import { justPlaced, lotChoice, lotWhyNot, settleMoveFor } from './lots.js';
import { toggled } from './offerDraft.js';
import { OfferList } from './OfferList.js';
import type { ChinatownView, Move } from './pieces.js';
import { RoundLine } from './RoundLine.js';
import { ShopKey } from './ShopKey.js';
import { TileHand } from './TileHand.js';
import { draftSending, OfferStrip, showOfferForm, TradingPanel } from './TradingPanel.js';
import { useClearWhenShown, useOfferDraft } from './useOfferDraft.js';
import type { ChinatownKey } from './words.js';

export function ChinatownBoard(props: BoardProps<ChinatownKey | KitKey>) {
  const { names, t, send, recent, status, lang } = props;
  const { view, legalMoves, me } = gameInputs<ChinatownView, Move>(props);
  const [picked, setPicked] = useState<number[]>([]);
  const [tile, setTile] = useState<string | null>(null);
  const draft = useOfferDraft(me);
  useClearWhenShown(draft, view.offers, me, view.offerCount);
  const { why, say } = useWhyNot();

  const settles = legalMoves.filter((m): m is Extract<Move, { type: 'settle' }> => m.type === 'settle');
  const places = legalMoves.filter((m): m is Extract<Move, { type: 'place' }> => m.type === 'place');
  const canDone = legalMoves.some((m) => m.type === 'done');
  const readyMove = legalMoves.find((m) => m.type === 'ready' || m.type === 'unready');
  const trading = view.phase === 'trade' && me !== null && readyMove !== undefined;
  // The draft's emptiness, the rules' objection and its sending, for the form and the phone's strip alike.
  const sending =
    view.phase === 'trade' && me !== null ? draftSending(view, draft, send, names, t, lang) : null;

  const settleable = new Set(settles.flatMap((m) => m.lots));
  const placeLots = new Set(places.filter((m) => tile === null || m.shop === tile).map((m) => m.lot));
  const shops = useMemo(() => shopsOnBoard(view.owner, view.shop), [view.owner, view.shop]);
  const togglePicked = (lot: number) => setPicked((p) => toggled(p, lot));

  const actionOn = (lot: number): (() => void) | null => {
    const choices = { settleable, tile, placeLots, trading, me, offerTo: draft.offerTo, owner: view.owner };
    switch (lotChoice(lot, choices)) {
      case 'settle':
        return () => togglePicked(lot);
      case 'place':
        return () => send({ type: 'place', lot, shop: tile as string });
      case 'give':
        return () => draft.toggleGiveLot(lot);
      case 'get':
        return () => draft.toggleGetLot(lot);
      case null:
        return null;
    }
  };
  const explain = (lot: number) => {
    const at = { view, me, legalMoves, canSettle: settles.length > 0, tile, names, status, t };
    const reason = lotWhyNot(lot, at);
    if (reason) say(reason);
  };
  const dropOn = (lot: number, dragged: string) => {
    const kind = dragged || tile;
    const move = places.find((m) => m.lot === lot && m.shop === kind);
    if (move) send(move);
  };

  return (
    // The offers made to the viewer above the board's grid, in a box as tall as the board: they stay in sight at the
    // top of the screen while the board scrolls.
    <div className="chinatown-frame">
      <IncomingOffers
        view={view}
        me={me}
        legalMoves={legalMoves}
        send={send}
        counter={(offer) => {
          draft.counter(offer);
          showOfferForm();
        }}
        names={names}
        t={t}
        lang={lang}
      />
      <div className="chinatown board">
        <div className="board-main">
          <CityMap
            owner={view.owner}
            shop={view.shop}
            groups={shops}
            placed={justPlaced(recent ?? [])}
            isSelected={(lot) =>
              picked.includes(lot) || draft.give.lots.includes(lot) || draft.get.lots.includes(lot)
            }
            isLit={(lot) => settleable.has(lot) || (tile !== null && placeLots.has(lot))}
            actionOn={actionOn}
            explain={explain}
            canDrop={(lot) => tile !== null && placeLots.has(lot)}
            dropOn={dropOn}
            names={names}
            t={t}
            lang={lang}
          />
          <WhyNot why={why} />
          <ShopKey shop={view.shop} t={t} lang={lang} />
        </div>

        <div className="board-side">
          <RoundLine view={view} me={me} t={t} lang={lang} />
          <LotCards
            view={view}
            me={me}
            canSettle={settles.length > 0}
            picked={picked}
            togglePicked={togglePicked}
            settleMove={settleMoveFor(settles, picked)}
            settle={(move) => {
              send(move);
              setPicked([]);
            }}
            t={t}
          />
          {/* The tiles to place and "done", together: on a phone they stay in sight under the map (styles.css). */}
          {(places.length > 0 || canDone) && (
            <div className="chinatown-action">
              {places.length > 0 && (
                <TileHand
                  tiles={me !== null ? (view.tiles[me] ?? {}) : {}}
                  usable={(kind) => places.some((m) => m.shop === kind)}
                  tile={tile}
                  setTile={setTile}
                  noLot={() => say(t('why.noEmptyLot'))}
                  t={t}
                  lang={lang}
                />
              )}
              {canDone && (
                <button type="button" data-testid="done" onClick={() => send({ type: 'done' })}>
                  {t('chinatown.done')}
                </button>
              )}
            </div>
          )}
          {sending && me !== null && (
            <>
              <OfferStrip draft={draft} sending={sending} trading={trading} names={names} t={t} lang={lang} />
              <TradingPanel
                view={view}
                me={me}
                readyMove={readyMove}
                trading={trading}
                draft={draft}
                sending={sending}
                send={send}
                names={names}
                t={t}
                lang={lang}
              />
            </>
          )}
          <OfferList
            view={view}
            me={me}
            legalMoves={legalMoves}
            send={send}
            names={names}
            t={t}
            lang={lang}
          />
          <IncomeTable income={view.income} players={view.players} names={names} t={t} lang={lang} />
        </div>
      </div>
    </div>
  );
}
