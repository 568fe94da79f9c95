/**
 * The seats' panels of a game (the board kit's `SeatPanels`), each filled by the game's `seat` facet from the view
 * this page holds (the viewer's own: nothing it hides can show), plus what the page adds per seat (rating, clock,
 * tags, a Sit button). Used by the table page and the replay viewer.
 */
import { SeatPanel, SeatPanels, seatName, type SeatFacts } from '@skyline/board-kit';
import type { Ui } from '../games/index.js';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.js';

export interface SeatExtras {
  name?: ReactNode;
  clock?: ReactNode;
  tags?: ReactNode;
  children?: ReactNode;
}

export function GameSeatPanels({
  ui,
  view,
  names,
  active,
  me,
  extras,
}: {
  ui: Ui;
  /** The view the page shows (null before the game starts: the panels then say who sits where). */
  view: unknown;
  names: string[];
  active: readonly number[];
  me: number | null;
  extras?: (seat: number) => SeatExtras;
}) {
  const { t, lang } = useI18n();
  return (
    <SeatPanels label={t('table.seats')}>
      {names.map((_, seat) => {
        const extra = extras?.(seat) ?? {};
        const facts: SeatFacts | undefined =
          view !== null && view !== undefined && ui.seat ? ui.seat(view, seat, t, lang) : undefined;
        return (
          <SeatPanel
            key={seat}
            seat={seat}
            name={extra.name ?? seatName(names, seat)}
            facts={facts}
            active={active.includes(seat)}
            activeLabel={
              seat === me ? t('table.yourTurn') : t('table.playsNow', { name: seatName(names, seat) })
            }
            scoreLabel={t('score.total')}
            clock={extra.clock}
            tags={extra.tags}
            mine={seat === me}
          >
            {extra.children}
          </SeatPanel>
        );
      })}
    </SeatPanels>
  );
}
