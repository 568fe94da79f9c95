/**
 * What each seat would score if the round were scored now, by source (the rules' own scoring of the board); and
 * (`RoundsAndPiles`) the rounds already scored and the piles' sizes.
 */
import { seatName } from '@skyline/board-kit';
import type { ManhattanView } from '@skyline/manhattan';
import type { PointsBySource } from '@skyline/manhattan/board';
import type { T } from './words.js';

export function ScoreBreakdown({ score, names, t }: { score: PointsBySource; names: string[]; t: T }) {
  return (
    <section aria-label={t('manhattan.breakdown')}>
      <h3>{t('manhattan.breakdown')}</h3>
      <table className="scores" data-testid="breakdown">
        <thead>
          <tr>
            <th scope="col"></th>
            <th scope="col">{t('manhattan.buildings')}</th>
            <th scope="col">{t('manhattan.majorities')}</th>
            <th scope="col">{t('manhattan.tallest')}</th>
            <th scope="col">=</th>
          </tr>
        </thead>
        <tbody>
          {score.total.map((total, seat) => (
            <tr key={seat}>
              <th scope="row">{seatName(names, seat)}</th>
              <td>{score.buildings[seat]}</td>
              <td>{score.majorities[seat]}</td>
              <td>{score.tallest[seat]}</td>
              <td>{total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The rounds already scored and the piles' sizes: on a laptop under the board, where there is room (in the side
 * column, with the pieces to choose and four seats, they took it below a 1280×800 screen); on a phone last.
 */
export function RoundsAndPiles({ view, names, t }: { view: ManhattanView; names: string[]; t: T }) {
  return (
    <div className="manhattan-rounds">
      {view.history.length > 0 && (
        <p className="muted small" data-testid="round-scores">
          {view.history
            .map(
              (round, r) =>
                `${t('end.round', { n: r + 1 })}: ${round.map((s, seat) => `${seatName(names, seat)} ${s}`).join(', ')}`,
            )
            .join(' · ')}
        </p>
      )}
      <p className="muted small">
        {t('manhattan.drawPile', { n: view.drawSize })} ·{' '}
        {t('manhattan.discardPile', { n: view.discard.length })}
      </p>
    </div>
  );
}
