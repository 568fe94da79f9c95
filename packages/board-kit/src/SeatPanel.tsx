/**
 * One panel per seat, always in sight beside the board (as on Board Game Arena): who sits there (colour, name with
 * rating, the page's tags: you, bot, away…), the seat's clock, and what its game says of it (`SeatFacts`, from the
 * game's `seat` facet: its state, score and what it holds, read from the viewer's view only). The page gives the
 * parts only it knows (the rating, the clock, the tags); the game the rest; a game without the facet shows the page's
 * parts alone.
 */
import type { ReactNode } from 'react';
import { arrivalClass, useGain } from './Arrive.js';
import { SEAT_COLOURS } from './types.js';

/** What a game says of one seat, in words, from what the viewer's view shows of it (never what the view hides). */
export interface SeatFacts {
  /** The seat's colour when the game gives it its own, and its name when the colour means something (it scores). */
  colour?: string;
  colourName?: string;
  /** Where the seat stands now: choosing, has chosen, passed, stopped, ready… (empty: nothing to say). */
  state?: string;
  /** Its score as far as the view tells it (a hidden score is left out, never guessed). */
  score?: string;
  /** What it holds, each a short label and its value: "hand" 5, "reserve" 1×9 2×4, "money" $5,000. */
  holds?: readonly SeatHolding[];
}

export interface SeatHolding {
  label: string;
  /** In words (what a test reads; shown unless there is a picture, which must say the same to screen readers). */
  value: string;
  picture?: ReactNode;
  /** How much it holds, as a number (money, tiles, cards): the value pulses when it rises (a trade, an income). */
  amount?: number;
}

/** One holding: its value pulses once each time its amount rises (see `useGain`). */
function Holding({ holding }: { holding: SeatHolding }) {
  const gains = useGain(holding.amount);
  return (
    <div>
      <dt>{holding.label}</dt>
      <dd
        key={gains}
        className={gains > 0 ? arrivalClass('pulse') : undefined}
        data-gained={gains || undefined}
      >
        {holding.picture ?? holding.value}
      </dd>
    </div>
  );
}

export function SeatPanel({
  seat,
  name,
  facts,
  active,
  activeLabel,
  scoreLabel,
  clock,
  tags,
  children,
  mine = false,
}: {
  seat: number;
  /** The seat's name (with its rating), or "free". */
  name: ReactNode;
  facts?: SeatFacts | undefined;
  /** Whether the seat plays now, and how that is said ("Your turn", "ann plays now"). */
  active: boolean;
  activeLabel: string;
  scoreLabel: string;
  clock?: ReactNode;
  tags?: ReactNode;
  /** What the page offers on the panel (Sit here, before the game). */
  children?: ReactNode;
  mine?: boolean;
}) {
  const colour = facts?.colour ?? SEAT_COLOURS[seat];
  const classes = ['seat-panel', active ? 'active' : '', mine ? 'mine' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid={`seat-${seat}`} style={{ borderLeftColor: colour }}>
      <div className="seat-line">
        <span
          className="swatch"
          style={{ background: colour }}
          {...(facts?.colourName === undefined
            ? { 'aria-hidden': true }
            : { role: 'img', 'aria-label': facts.colourName })}
        />
        <strong className="seat-name">{name}</strong>
        {active && (
          <span className="turn-dot" role="img" aria-label={activeLabel} data-testid={`turn-dot-${seat}`} />
        )}
        {clock}
        {facts?.score !== undefined && (
          <span className="seat-score">
            <span className="sr-only">{scoreLabel} </span>
            <span data-testid={`score-${seat}`}>{facts.score}</span>
          </span>
        )}
      </div>
      {(tags || facts?.state) && (
        <div className="seat-tags">
          {facts?.state && <span className="seat-state">{facts.state}</span>}
          {tags}
        </div>
      )}
      {facts?.holds && facts.holds.length > 0 && (
        <dl className="seat-holds">
          {facts.holds.map((holding) => (
            <Holding key={holding.label} holding={holding} />
          ))}
        </dl>
      )}
      {children}
    </li>
  );
}

/** The seats' panels, together: a column beside the board on a wide screen, a strip under it on a phone. */
export function SeatPanels({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="seat-panels" aria-label={label} data-testid="seat-panels">
      <ul>{children}</ul>
    </section>
  );
}
