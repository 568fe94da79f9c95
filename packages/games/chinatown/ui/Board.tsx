/**
 * Chinatown: the six blocks of numbered lots with owners and shop tiles (shops as the rules group them, complete ones
 * starred), the settle choice, the trading panel (compose, answer, withdraw, ready), placement by clicking a tile then
 * one of your empty lots, each round's income and the economy cards.
 */
import type { BundleInput } from '@skyline/chinatown';
import { shopsOnBoard } from '@skyline/chinatown/shops';
import {
  activate,
  PlayersTable,
  SEAT_COLOURS,
  SeatLabel,
  seatName,
  textOn,
  useWhyNot,
  waitingReason,
  WhyNot,
  type BoardProps,
  type KitKey,
} from '@skyline/board-kit';
import { useMemo, useState, type DragEvent } from 'react';
import type { ChinatownKey } from './words.js';
import { ShopIcon } from './icons.js';
import { OfferSide } from './OfferSide.js';
import {
  BLOCKS,
  KINDS,
  economyText,
  kindColour,
  kindName,
  money,
  bundleWords,
  type Bundle,
  type ChinatownView,
  type Move,
} from './pieces.js';

const S = 34;

/**
 * How a lot is marked, around it: never in a colour (a seat's colour is its owner's, on the lot's own edge), but by
 * the ring's pattern, in the board's ink — dotted where it may be chosen, solid with a tick where it is chosen,
 * dashed on a white band where a shop was just placed.
 */
const INK = '#1d2733';

/** A tick in a dark disc: a lot chosen (for the settling or an offer), told by a shape as well as the ring. */
function Tick({ x, y }: { x: number; y: number }) {
  return (
    <g aria-hidden="true" data-testid="lot-chosen">
      <circle cx={x} cy={y} r={5.5} fill={INK} stroke="#fff" strokeWidth={1} />
      <path d={`M${x - 2.8} ${y}l2 2.2l3.6 -4`} fill="none" stroke="#fff" strokeWidth={1.6} />
    </g>
  );
}

export function ChinatownBoard({
  view: raw,
  legalMoves: rawMoves,
  names,
  t,
  send,
  recent,
  status,
  lang,
}: BoardProps<ChinatownKey | KitKey>) {
  const view = raw as ChinatownView;
  const legalMoves = rawMoves as Move[];
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const [picked, setPicked] = useState<number[]>([]);
  const [tile, setTile] = useState<string | null>(null);
  const [offerTo, setOfferTo] = useState<number>(me === 0 ? 1 : 0);
  const [give, setGive] = useState<{
    lots: number[];
    shops: Record<string, number>;
    money: number;
    lotCards: number[];
  }>({
    lots: [],
    shops: {},
    money: 0,
    lotCards: [],
  });
  const [get, setGet] = useState<{ lots: number[]; shops: Record<string, number>; money: number }>({
    lots: [],
    shops: {},
    money: 0,
  });

  const settles = legalMoves.filter((m): m is Extract<Move, { type: 'settle' }> => m.type === 'settle');
  const places = legalMoves.filter((m): m is Extract<Move, { type: 'place' }> => m.type === 'place');
  const canDone = legalMoves.some((m) => m.type === 'done');
  const readyMove = legalMoves.find((m) => m.type === 'ready' || m.type === 'unready');
  const trading = view.phase === 'trade' && me !== null && readyMove !== undefined;
  const answerable = (type: 'accept' | 'decline' | 'withdraw', id: number) =>
    legalMoves.some((m) => m.type === type && m.offer === id);

  const settleKey = [...picked].sort((a, b) => a - b).join(',');
  const settleMove = settles.find((m) => [...m.lots].sort((a, b) => a - b).join(',') === settleKey);
  const settleable = new Set(settles.flatMap((m) => m.lots));
  const placeLots = new Set(places.filter((m) => tile === null || m.shop === tile).map((m) => m.lot));
  const groups = useMemo(() => shopsOnBoard(view.owner, view.shop), [view.owner, view.shop]);
  /** The kinds on the board, in the catalogue's order: the key under the board names them in full. */
  const onBoard = KINDS.map((k) => k.id).filter((id) => view.shop.includes(id));
  const completeLots = new Set(groups.filter((g) => g.complete).flatMap((g) => g.lots));

  const lotAction = (lot: number): (() => void) | null => {
    if (settleable.has(lot))
      return () => setPicked((p) => (p.includes(lot) ? p.filter((l) => l !== lot) : [...p, lot]));
    if (tile !== null && placeLots.has(lot)) return () => send({ type: 'place', lot, shop: tile });
    if (trading && view.owner[lot] === me)
      return () =>
        setGive((g) => ({
          ...g,
          lots: g.lots.includes(lot) ? g.lots.filter((l) => l !== lot) : [...g.lots, lot],
        }));
    if (trading && view.owner[lot] === offerTo)
      return () =>
        setGet((g) => ({
          ...g,
          lots: g.lots.includes(lot) ? g.lots.filter((l) => l !== lot) : [...g.lots, lot],
        }));
    return null;
  };

  const { why, say } = useWhyNot();
  /** Why a lot that is not offered now cannot be chosen (null: nothing to say, as to a spectator). */
  const lotWhyNot = (lot: number): string | null => {
    if (me === null || view.phase === 'over') return null;
    if (legalMoves.length === 0) return waitingReason(t, names, status, me);
    const owner = view.owner[lot] ?? -1;
    const theirs = owner < 0 ? t('why.lotNobody') : t('why.lotTaken', { name: seatName(names, owner) });
    if (view.phase === 'settle') return settles.length > 0 ? t('why.lotNotCard') : t('why.wait');
    if (view.phase === 'trade')
      return owner < 0 || owner === me ? theirs : t('why.lotOffer', { name: seatName(names, owner) });
    if (view.phase === 'place') {
      if (owner !== me) return theirs;
      if (view.shop[lot]) return t('why.lotBuilt');
      if (tile === null) return t('why.tileFirst');
    }
    return t('why.wait');
  };

  /** The lots where a shop was just placed, with who placed it. */
  const justPlaced = new Map<number, number>();
  for (const { seat, move } of recent ?? [])
    if (move.type === 'place') justPlaced.set(Number(move.lot), seat);
  const blockIds = Object.keys(BLOCKS);
  const blockW = 4 * S + 14;
  const blockH = 5 * S + 26;
  const myTiles = me !== null ? (view.tiles[me] ?? {}) : {};
  const theirTiles = view.tiles[offerTo] ?? {};

  const sendOffer = () => {
    const bundle = (b: {
      lots: number[];
      shops: Record<string, number>;
      money: number;
      lotCards?: number[];
    }) => {
      const out: BundleInput = {};
      if (b.lots.length) out.lots = [...b.lots].sort((x, y) => x - y);
      const shops = Object.fromEntries(Object.entries(b.shops).filter(([, n]) => n > 0));
      if (Object.keys(shops).length) out.shops = shops;
      if (b.money > 0) out.money = b.money;
      if (b.lotCards?.length) out.lotCards = b.lotCards;
      return out;
    };
    const move: Move = { type: 'offer', to: offerTo, give: bundle(give), get: bundle(get) };
    send(move);
    setGive({ lots: [], shops: {}, money: 0, lotCards: [] });
    setGet({ lots: [], shops: {}, money: 0 });
  };
  const offerEmpty =
    !give.lots.length &&
    !get.lots.length &&
    !Object.values(give.shops).some(Boolean) &&
    !Object.values(get.shops).some(Boolean) &&
    give.money <= 0 &&
    get.money <= 0 &&
    !give.lotCards.length;

  const describeBundle = (b: Bundle) => bundleWords(b, t, lang);

  return (
    <div className="chinatown board">
      <div className="board-main">
        <svg
          viewBox={`0 0 ${blockW * 3 + 6} ${blockH * 2 + 6}`}
          className="chinatown-board"
          role="group"
          aria-label="Chinatown"
        >
          {blockIds.map((id, b) => {
            const ox = 3 + (b % 3) * blockW;
            const oy = 3 + Math.floor(b / 3) * blockH;
            return (
              <g key={id}>
                <rect x={ox + 2} y={oy + 2} width={blockW - 4} height={blockH - 4} rx={6} fill="#ece7dc" />
                <text x={ox + 8} y={oy + 17} fontSize={12} fill="#665" fontWeight={600}>
                  {t('chinatown.block', { n: id })}
                </text>
                {(BLOCKS[id] ?? []).map((row, r) =>
                  row.map((lot, c) => {
                    if (lot === null) return null;
                    const x = ox + 7 + c * S;
                    const y = oy + 22 + r * S;
                    const owner = view.owner[lot] ?? -1;
                    const kind = view.shop[lot] ?? null;
                    const action = lotAction(lot);
                    const selected =
                      picked.includes(lot) || give.lots.includes(lot) || get.lots.includes(lot);
                    const lit = settleable.has(lot) || (tile !== null && placeLots.has(lot));
                    const label = `${t('chinatown.lot')} ${lot}${owner >= 0 ? `, ${seatName(names, owner)}` : ''}${
                      kind
                        ? `, ${kindName(kind, lang)}${completeLots.has(lot) ? ` (${t('chinatown.complete')})` : ''}`
                        : ''
                    }${justPlaced.has(lot) ? `. ${t('chinatown.justPlaced', { who: seatName(names, justPlaced.get(lot) ?? 0) })}` : ''}`;
                    const ring = { x: x - 2.5, y: y - 2.5, width: S + 2, height: S + 2, rx: 5, fill: 'none' };
                    const body = (
                      <>
                        <title>{label}</title>
                        {justPlaced.has(lot) && (
                          <g className="just-moved" data-testid="just-placed" aria-hidden="true">
                            <rect {...ring} stroke="#fff" strokeWidth={4} />
                            <rect {...ring} stroke={INK} strokeWidth={2.5} strokeDasharray="5 3" />
                          </g>
                        )}
                        {(selected || lit) && (
                          <rect
                            {...ring}
                            data-testid={selected ? 'lot-selected' : 'lot-lit'}
                            stroke={INK}
                            strokeWidth={selected ? 3 : 2.5}
                            strokeDasharray={selected ? undefined : '0.1 4'}
                            strokeLinecap="round"
                            aria-hidden="true"
                          />
                        )}
                        <rect
                          className="lot-square"
                          x={x}
                          y={y}
                          width={S - 3}
                          height={S - 3}
                          rx={3}
                          fill={kind ? kindColour(kind) : '#fffdf7'}
                          stroke={owner >= 0 ? (SEAT_COLOURS[owner] ?? '#888') : '#c9c1b0'}
                          strokeWidth={owner >= 0 ? 3 : 1}
                        />
                        <text
                          x={x + 4}
                          y={y + 11}
                          fontSize={9}
                          fill={kind ? textOn(kindColour(kind)) : '#5e5e4e'}
                          aria-hidden="true"
                        >
                          {lot}
                        </text>
                        {kind && (
                          // The kind at a glance (its full name is in the lot's name and tooltip, and the key).
                          <ShopIcon kind={kind} x={x + 8} y={y + 13} ink={textOn(kindColour(kind))} />
                        )}
                        {owner >= 0 && (
                          <circle
                            cx={x + S - 10}
                            cy={y + 8}
                            r={4.5}
                            fill={SEAT_COLOURS[owner]}
                            stroke="#fff"
                            aria-hidden="true"
                          />
                        )}
                        {completeLots.has(lot) && (
                          <text
                            x={x + S - 10}
                            y={y + S - 6}
                            fontSize={11}
                            textAnchor="middle"
                            fill="#ffe066"
                            aria-hidden="true"
                          >
                            ★
                          </text>
                        )}
                        {selected && <Tick x={x + 6} y={y + S - 9} />}
                      </>
                    );
                    // Placement by dragging a tile from the hand onto one of the seat's empty lots.
                    const drop = {
                      onDragOver: (event: DragEvent) => {
                        if (tile !== null && placeLots.has(lot)) event.preventDefault();
                      },
                      onDrop: (event: DragEvent) => {
                        event.preventDefault();
                        const kind = event.dataTransfer.getData('text/plain') || tile;
                        const move = places.find((m) => m.lot === lot && m.shop === kind);
                        if (move) send(move);
                      },
                    };
                    if (!action) {
                      // Not a choice now: a click or tap says why (pointer only; the lot's name says what it is).
                      const explain = () => {
                        const reason = lotWhyNot(lot);
                        if (reason) say(reason);
                      };
                      return (
                        <g key={lot} role="img" aria-label={label} data-lot={lot} {...drop} onClick={explain}>
                          {body}
                        </g>
                      );
                    }
                    return (
                      <g
                        key={lot}
                        role="button"
                        tabIndex={0}
                        className="svg-button lot"
                        aria-label={label}
                        aria-pressed={selected}
                        data-testid={`lot-${lot}`}
                        data-lot={lot}
                        {...drop}
                        onClick={action}
                        onKeyDown={(event) => activate(event, action)}
                      >
                        {body}
                      </g>
                    );
                  }),
                )}
              </g>
            );
          })}
        </svg>
        <WhyNot why={why} />
        {onBoard.length > 0 && (
          <ul className="shop-key" aria-label={t('chinatown.shopKey')} data-testid="shop-key">
            {onBoard.map((kind) => (
              <li key={kind}>
                <svg viewBox="0 0 22 22" width={22} height={22} aria-hidden="true">
                  <rect width={22} height={22} rx={3} fill={kindColour(kind)} />
                  <ShopIcon kind={kind} x={3} y={3} ink={textOn(kindColour(kind))} />
                </svg>
                {kindName(kind, lang)}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="board-side">
        <p className="muted small">
          {t('chinatown.round', { n: view.round })} ·{' '}
          {t(`chinatown.phase.${view.phase}` as 'chinatown.phase.trade')}
          {view.economy.length > 0 &&
            ` · ${t('chinatown.economy')}: ${economyText(view.economy[view.economy.length - 1] ?? '', t)}`}
        </p>
        {me !== null && (
          <p>
            <strong>{t('chinatown.yourMoney')}:</strong>{' '}
            <span data-testid="my-money">{money(view.money[me], lang)}</span>
          </p>
        )}

        {settles.length > 0 && (
          <section className="card">
            <h3>{t('chinatown.settleTitle', { n: view.toSettle[me ?? 0] ?? 0 })}</h3>
            <p className="muted small">{t('chinatown.settleHint')}</p>
            <div className="row-buttons">
              {(view.hand ?? []).map((lot) => (
                <button
                  key={lot}
                  type="button"
                  className={picked.includes(lot) ? 'selected' : ''}
                  aria-pressed={picked.includes(lot)}
                  data-testid="lot-card"
                  onClick={() =>
                    setPicked((p) => (p.includes(lot) ? p.filter((l) => l !== lot) : [...p, lot]))
                  }
                >
                  {lot}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="primary"
              disabled={!settleMove}
              data-testid="settle"
              onClick={() => settleMove && (send(settleMove), setPicked([]))}
            >
              {t('chinatown.settle')}
            </button>
          </section>
        )}
        {view.phase === 'settle' && settles.length === 0 && view.settle && (
          <p className="hint">{t('chinatown.settled', { lots: view.settle.join(', ') })}</p>
        )}
        {view.phase !== 'settle' && view.hand && view.hand.length > 0 && (
          <p className="muted small">
            {t('chinatown.yourLotCards')}: {view.hand.join(', ')}
          </p>
        )}

        {places.length > 0 && (
          <section className="card">
            <h3>{t('chinatown.placeTitle')}</h3>
            <div className="row-buttons">
              {Object.entries(myTiles).map(([kind, n]) => {
                const usable = places.some((m) => m.shop === kind);
                return (
                  <button
                    key={kind}
                    type="button"
                    className={tile === kind ? 'selected' : ''}
                    aria-pressed={tile === kind}
                    data-testid="tile"
                    draggable={usable}
                    onDragStart={(event) => {
                      setTile(kind);
                      event.dataTransfer.setData('text/plain', kind);
                    }}
                    aria-disabled={!usable}
                    onClick={() => (usable ? setTile(tile === kind ? null : kind) : say(t('why.noEmptyLot')))}
                    style={{ borderLeft: `6px solid ${kindColour(kind)}` }}
                  >
                    <svg viewBox="0 0 16 16" width={14} height={14} aria-hidden="true" className="shop-icon">
                      <ShopIcon kind={kind} x={0} y={0} ink="#1d2733" />
                    </svg>{' '}
                    {kindName(kind, lang)} ×{n}
                  </button>
                );
              })}
            </div>
            <p className="muted small">{t('chinatown.placeHint')}</p>
          </section>
        )}
        {canDone && (
          <button type="button" data-testid="done" onClick={() => send({ type: 'done' })}>
            {t('chinatown.done')}
          </button>
        )}

        {view.phase === 'trade' && me !== null && (
          <section className="card trading" aria-label={t('chinatown.trading')}>
            <h3>{t('chinatown.trading')}</h3>
            {readyMove && (
              <button
                type="button"
                className={readyMove.type === 'ready' ? 'primary' : ''}
                data-testid={readyMove.type}
                onClick={() => send(readyMove)}
              >
                {readyMove.type === 'ready' ? t('chinatown.ready') : t('chinatown.unready')}
              </button>
            )}
            <h4>{t('chinatown.newOffer')}</h4>
            <label>
              {t('chinatown.offerTo')}
              <select
                value={offerTo}
                data-testid="offer-to"
                onChange={(e) => {
                  setOfferTo(Number(e.target.value));
                  setGet({ lots: [], shops: {}, money: 0 });
                }}
              >
                {view.owner.length > 0 &&
                  Array.from({ length: view.players }, (_, s) => s)
                    .filter((s) => s !== me)
                    .map((s) => (
                      <option key={s} value={s}>
                        {seatName(names, s)}
                      </option>
                    ))}
              </select>
            </label>
            <div className="offer-sides">
              <OfferSide
                side="give"
                legend={t('chinatown.youGive')}
                hint={t('chinatown.clickYourLots')}
                bundle={give}
                setBundle={(change) => setGive((g) => ({ ...g, ...change(g) }))}
                tiles={myTiles}
                lotCards={view.options.keepLotCards ? (view.hand ?? []) : []}
                lang={lang}
                t={t}
              />
              <OfferSide
                side="get"
                legend={t('chinatown.youGet', { name: seatName(names, offerTo) })}
                hint={t('chinatown.clickTheirLots')}
                bundle={get}
                setBundle={(change) => setGet((g) => ({ ...g, ...change(g) }))}
                tiles={theirTiles}
                lotCards={[]}
                lang={lang}
                t={t}
              />
            </div>
            <button
              type="button"
              className="primary"
              disabled={offerEmpty || !trading}
              data-testid="send-offer"
              onClick={sendOffer}
            >
              {t('chinatown.sendOffer')}
            </button>
          </section>
        )}

        {view.offers.length > 0 && (
          <section aria-label={t('chinatown.offers')}>
            <h3>{t('chinatown.offers')}</h3>
            <ul className="offers" data-testid="offers">
              {view.offers.map((offer) => (
                <li key={offer.id} data-testid={`offer-${offer.id}`}>
                  <strong>#{offer.id}</strong> {seatName(names, offer.from)} → {seatName(names, offer.to)}:{' '}
                  {t('chinatown.gives')} {describeBundle(offer.give)}; {t('chinatown.gets')}{' '}
                  {describeBundle(offer.get)}
                  <div className="row-buttons">
                    {answerable('accept', offer.id) && (
                      <button
                        type="button"
                        className="primary"
                        data-testid="accept"
                        onClick={() => send({ type: 'accept', offer: offer.id })}
                      >
                        {t('chinatown.accept')}
                      </button>
                    )}
                    {offer.to === me && offer.acceptable === false && (
                      <span className="muted small">{t('chinatown.notAcceptable')}</span>
                    )}
                    {answerable('decline', offer.id) && (
                      <button
                        type="button"
                        data-testid="decline"
                        onClick={() => send({ type: 'decline', offer: offer.id })}
                      >
                        {t('chinatown.decline')}
                      </button>
                    )}
                    {answerable('withdraw', offer.id) && (
                      <button
                        type="button"
                        data-testid="withdraw"
                        onClick={() => send({ type: 'withdraw', offer: offer.id })}
                      >
                        {t('chinatown.withdraw')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <PlayersTable
          t={t}
          testId="chinatown-players"
          seats={view.tiles.length}
          columns={[t('chinatown.tilesInHand'), t('chinatown.money')]}
          isActive={(seat) => view.active.includes(seat)}
          name={(seat) => (
            <>
              <SeatLabel names={names} seat={seat} me={me} t={t} />
              <span className="chosen">
                {view.phase === 'trade' &&
                  (view.ready[seat] ? t('chinatown.isReady') : t('chinatown.trading'))}
                {view.phase === 'settle' && (view.chosen[seat] ? t('table.chosen') : t('table.notChosen'))}
                {view.phase === 'place' && view.done[seat] && t('chinatown.isDone')}
              </span>
              <div className="muted small">
                {t('chinatown.lotCardsCount', { n: view.handSizes[seat] ?? 0 })}
              </div>
            </>
          )}
          cells={(seat) => (
            <>
              <td className="small">
                {Object.entries(view.tiles[seat] ?? {})
                  .map(([k, n]) => `${kindName(k, lang)} ×${n}`)
                  .join(', ') || '—'}
              </td>
              <td>{money(view.money[seat], lang)}</td>
            </>
          )}
        />
        {view.income.length > 0 && (
          <section aria-label={t('chinatown.income')}>
            <h3>{t('chinatown.income')}</h3>
            {/* A column per seat, a row per round: it keeps to a phone's width however many rounds have passed. */}
            <table className="scores" data-testid="income">
              <thead>
                <tr>
                  <th scope="col">{t('chinatown.roundColumn')}</th>
                  {Array.from({ length: view.players }, (_, seat) => (
                    <th key={seat} scope="col">
                      {seatName(names, seat)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.income.map((round, r) => (
                  <tr key={r}>
                    <th scope="row">{r + 1}</th>
                    {Array.from({ length: view.players }, (_, seat) => (
                      <td key={seat}>{money(round[seat], lang)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </div>
  );
}
