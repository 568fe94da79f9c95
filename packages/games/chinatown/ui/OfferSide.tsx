/** The trading panel's parts: one side of an offer being composed, and a counter of shop tiles. */
import type { Lang } from '@skyline/board-kit';
import type { DraftSide } from './offerDraft.js';
import { kindColour, kindName } from './pieces.js';
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
      <label>
        {t('chinatown.money')}
        <input
          type="number"
          min={0}
          step={1000}
          value={bundle.money}
          data-testid={`${side}-money`}
          onChange={(e) => {
            const money = Math.max(0, Number(e.target.value));
            setBundle(() => ({ money }));
          }}
        />
      </label>
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
            <span style={{ borderLeft: `6px solid ${kindColour(kind)}`, paddingLeft: '0.3em' }}>
              {kindName(kind, lang)}
            </span>
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
