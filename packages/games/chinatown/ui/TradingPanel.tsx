/**
 * The trading panel of the trade phase: the ready / not-ready button, then the offer being drafted — the seat it goes
 * to, what the viewer gives and what it asks for (lots are picked on the map) — and the button that sends it. An offer
 * the rules would refuse is refused here, in words, before it is sent; a sent one stays in the form until it is on
 * the table (a refusal from the server leaves it there to mend).
 */
import { seatName, type Lang } from '@skyline/board-kit';
import { isEmptyOffer } from './offerDraft.js';
import { OfferSide } from './OfferSide.js';
import { bundleWords, type ChinatownView, type Move } from './pieces.js';
import { draftRefusal } from './refusal.js';
import type { OfferDraft } from './useOfferDraft.js';
import type { T } from './words.js';

/** What the form and the phone's strip both show of the draft, worked out once by the board (`draftSending`). */
export interface DraftSending {
  empty: boolean;
  /** The rules' reason to refuse the draft: none for an empty draft, until something is put in it. */
  refusal: string | null;
  /** Sends the draft, where the rules allow it. */
  sendOffer: () => void;
}

/** The draft as the form and the phone's strip send it. */
export function draftSending(
  view: ChinatownView,
  draft: OfferDraft,
  send: (move: Move) => void,
  names: string[],
  t: T,
  lang: Lang,
): DraftSending {
  const empty = isEmptyOffer(draft.give, draft.get);
  const refusal = empty ? null : draftRefusal(view, draft.offerTo, draft.give, draft.get, names, t, lang);
  const sendOffer = () => {
    if (refusal !== null) return;
    draft.markSent(view.offerCount);
    send(draft.move());
  };
  return { empty, refusal, sendOffer };
}

/** The id of the form's heading (styles.css marks its focus). */
const OFFER_FORM = 'offer-draft';

/** Brings the draft's form into sight, its heading focused: where the player mends the offer. */
export function showOfferForm(): void {
  const heading = document.getElementById(OFFER_FORM);
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

/**
 * The draft in one line, under the map on a phone (styles.css keeps it at the screen's foot there, and hides it on a
 * wide screen, where the form stands beside the map): what the player gives and asks for as it picks lots on the map,
 * the rules' objection, and Send — or the way down to the form for the tiles and the money.
 */
export function OfferStrip({
  draft,
  sending,
  trading,
  names,
  t,
  lang,
}: {
  draft: OfferDraft;
  sending: DraftSending;
  trading: boolean;
  names: string[];
  t: T;
  lang: Lang;
}) {
  const { empty, refusal, sendOffer } = sending;
  if (empty) return null;
  return (
    <div className="chinatown-action offer-strip" data-testid="offer-strip">
      <p>
        <strong>{t('chinatown.youGive')}:</strong> {bundleWords(draft.give, t, lang)}
        <br />
        <strong>{t('chinatown.youGet', { name: seatName(names, draft.offerTo) })}:</strong>{' '}
        {bundleWords(draft.get, t, lang)}
      </p>
      {refusal && <p className="offer-refusal">{refusal}</p>}
      <div className="row-buttons">
        <button
          type="button"
          className="primary"
          disabled={refusal !== null || !trading}
          data-testid="strip-send-offer"
          onClick={sendOffer}
        >
          {t('chinatown.sendOffer')}
        </button>
        <button type="button" onClick={showOfferForm}>
          {t('chinatown.editOffer')}
        </button>
      </div>
    </div>
  );
}

export function TradingPanel({
  view,
  me,
  readyMove,
  trading,
  draft,
  sending,
  send,
  names,
  t,
  lang,
}: {
  view: ChinatownView;
  me: number;
  /** The viewer's `ready` or `unready` move, if it may make one. */
  readyMove: Move | undefined;
  /** Whether the viewer may send an offer now. */
  trading: boolean;
  draft: OfferDraft;
  sending: DraftSending;
  send: (move: Move) => void;
  names: string[];
  t: T;
  lang: Lang;
}) {
  const { empty, refusal, sendOffer } = sending;
  return (
    <section className="card trading" aria-label={t('chinatown.tradingTitle')}>
      <h3>{t('chinatown.tradingTitle')}</h3>
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
      <h4 id={OFFER_FORM} tabIndex={-1}>
        {t('chinatown.newOffer')}
      </h4>
      <label>
        {t('chinatown.offerTo')}
        <select
          value={draft.offerTo}
          data-testid="offer-to"
          onChange={(e) => draft.chooseSeat(Number(e.target.value))}
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
          bundle={draft.give}
          setBundle={draft.changeGive}
          tiles={view.tiles[me] ?? {}}
          lotCards={view.options.keepLotCards ? (view.hand ?? []) : []}
          most={view.money[me]}
          lang={lang}
          t={t}
        />
        <OfferSide
          side="get"
          legend={t('chinatown.youGet', { name: seatName(names, draft.offerTo) })}
          hint={t('chinatown.clickTheirLots')}
          bundle={draft.get}
          setBundle={draft.changeGet}
          tiles={view.tiles[draft.offerTo] ?? {}}
          lotCards={draft.get.lotCards ?? []}
          lang={lang}
          t={t}
        />
      </div>
      <p className="offer-refusal" role="status" data-testid="offer-refusal">
        {refusal}
      </p>
      {draft.sentAfter !== null && trading && (
        <p className="muted small" data-testid="draft-kept">
          {t('chinatown.draftKept')}
        </p>
      )}
      <div className="row-buttons">
        <button
          type="button"
          className="primary"
          disabled={empty || refusal !== null || !trading}
          data-testid="send-offer"
          onClick={sendOffer}
        >
          {t('chinatown.sendOffer')}
        </button>
        {!empty && (
          <button type="button" data-testid="clear-offer" onClick={draft.clear}>
            {t('chinatown.clearDraft')}
          </button>
        )}
      </div>
    </section>
  );
}
