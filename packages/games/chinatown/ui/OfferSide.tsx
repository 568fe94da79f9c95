/**
 * The trading panel's parts: one side of an offer being composed, a counter of shop tiles (drawn as tiles) and the
 * money, in dollars with its unit, by steps of $1,000.
 */
import type { Lang } from '@skyline/board-kit';
import type { DraftSide } from './offerDraft.js';
import { kindName, money as dollars } from './pieces.js';
import { ShopTile } from './ShopTile.js';
import type { SideChange } from './useOfferDraft.js';
import type { T } from './words.js';

/** One side of an offer being composed: its lots (picked on the board), tiles, money and, with variant B, lot cards. */
export function OfferSide({
  side,
  legend,
  hint,
  bundle,
  setBundle,
  tiles,
  lotCards,
  most,
  lang,
  t,
}: {
  side: 'give' | 'get';
  legend: string;
  hint: string;
  bundle: DraftSide;
  setBundle: (change: SideChange) => void;
  tiles: Record<string, number>;
  /** The lot cards that may be put in this side (none: no lot-card buttons). */
  lotCards: number[];
  /** The most money this side may hold (the viewer's own money), if known. */
  most?: number | null | undefined;
  lang: Lang;
  t: T;
}) {
  const chosenCards = bundle.lotCards ?? [];
  return (
    <fieldset>
      <legend>{legend}</legend>
      <p className="muted small">
        {bundle.lots.length ? bundle.lots.map((l) => `${t('chinatown.lot')} ${l}`).join(', ') : hint}
      </p>
      <TileCounter
        tiles={tiles}
        value={bundle.shops}
        onChange={(shops) => setBundle(() => ({ shops }))}
        lang={lang}
        testId={`${side}-tile`}
      />
      <MoneyInput
        value={bundle.money}
        onChange={(money) => setBundle(() => ({ money }))}
        most={most}
        testId={`${side}-money`}
        lang={lang}
        t={t}
      />
      {lotCards.length > 0 && (
        <div className="row-buttons">
          {lotCards.map((c) => (
            <button
              key={c}
              type="button"
              className={chosenCards.includes(c) ? 'selected' : ''}
              onClick={() =>
                setBundle((b) => {
                  const cards = b.lotCards ?? [];
                  return { lotCards: cards.includes(c) ? cards.filter((x) => x !== c) : [...cards, c] };
                })
              }
            >
              {t('chinatown.lotCard')} {c}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}

export function TileCounter({
  tiles,
  value,
  onChange,
  lang,
  testId,
}: {
  tiles: Record<string, number>;
  value: Record<string, number>;
  onChange: (value: Record<string, number>) => void;
  lang: Lang;
  testId: string;
}) {
  const entries = Object.entries(tiles);
  if (entries.length === 0) return null;
  return (
    <div className="tile-counter">
      {entries.map(([kind, have]) => {
        const n = value[kind] ?? 0;
        return (
          <div key={kind} className="counter">
            <ShopTile kind={kind} lang={lang} size={24} />
            <button
              type="button"
              aria-label={`− ${kindName(kind, lang)}`}
              disabled={n === 0}
              onClick={() => onChange({ ...value, [kind]: n - 1 })}
            >
              −
            </button>
            <output>{n}</output>
            <button
              type="button"
              aria-label={`+ ${kindName(kind, lang)}`}
              data-testid={testId}
              data-kind={kind}
              disabled={n >= have}
              onClick={() => onChange({ ...value, [kind]: n + 1 })}
            >
              +
            </button>
            <span className="muted small">/ {have}</span>
          </div>
        );
      })}
    </div>
  );
}

/** Steps of the money input and its buttons: trades are in whole thousands of dollars. */
const STEP = 1000;

/**
 * Money in dollars: the amount typed (any amount: one the rules refuse is refused in the form, in words), with the
 * dollar sign where the language writes it, and buttons of $1,000 less and more.
 */
export function MoneyInput({
  value,
  onChange,
  most,
  testId,
  lang,
  t,
}: {
  value: number;
  onChange: (money: number) => void;
  most?: number | null | undefined;
  testId: string;
  lang: Lang;
  t: T;
}) {
  const set = (n: number) => onChange(Math.max(0, Number.isFinite(n) ? n : 0));
  const unit = (
    <span className="money-unit" aria-hidden="true">
      $
    </span>
  );
  return (
    <div className="money-input">
      <label>
        <span className="sr-only">{t('chinatown.moneyDollars')}</span>
        <span aria-hidden="true">{t('chinatown.money')}</span>
        <span className="money-field">
          {lang === 'en' && unit}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={STEP}
            {...(typeof most === 'number' ? { max: most } : {})}
            value={value}
            data-testid={testId}
            onChange={(e) => set(Number(e.target.value))}
          />
          {lang !== 'en' && unit}
        </span>
      </label>
      <button
        type="button"
        aria-label={t('chinatown.moneyLess', { step: dollars(STEP, lang) })}
        disabled={value <= 0}
        onClick={() => set(Math.ceil(value / STEP) * STEP - STEP)}
      >
        −
      </button>
      <button
        type="button"
        aria-label={t('chinatown.moneyMore', { step: dollars(STEP, lang) })}
        data-testid={`${testId}-more`}
        disabled={typeof most === 'number' && value + STEP > most}
        onClick={() => set(Math.floor(value / STEP) * STEP + STEP)}
      >
        +
      </button>
    </div>
  );
}
