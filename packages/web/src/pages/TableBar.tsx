/**
 * The table's one compact bar above the board: the way back (to the lobby, or to the tournament that opened the
 * table), the game's name, status and rated badge, the current prompt ("Your turn", "Waiting for…", or that a bot
 * plays for the player), and every control of the table (Take my seat back, Start and the host's other actions,
 * Resign, Abort, Claim, Leave, the board's size, the options and the clock setting). It takes one line on a laptop,
 * so that the board and the seats' panels fit the screen below it.
 */
import { BotLevelOptionList } from '../options.js';
import { type BotLevel, type Command, type TableSummary } from '@skyline/protocol';
import { useState } from 'react';
import { describeClock } from '../clocks.js';
import { Link } from '../components.js';
import { formOptionsOf } from '../games/form-options.js';
import { optionsInWords } from '../games/options.js';
import { useI18n } from '../i18n.js';
import { ReliabilityTag } from '../reliability-floor.js';

/** How far the board zooms: from the page's width to two and a half times it. */
export const ZOOM = { min: 1, max: 2.5 };

export function TableBar({
  summary,
  mySeat,
  isHost,
  canRate,
  prompt,
  abortable,
  standingIn,
  playing,
  zoom,
  setZoom,
  button,
}: {
  summary: TableSummary;
  mySeat: number | null;
  isHost: boolean;
  /** Whether the host may make the game rated (a guest host is not offered it: the server refuses it). */
  canRate: boolean;
  /** What the page asks of the player now (empty at the end, or before the game). */
  prompt: string;
  abortable: boolean;
  /** A bot plays the viewer's seat (the player was away): the bar offers the seat back. */
  standingIn: boolean;
  /** Whether a board shows (the zoom buttons are for it). */
  playing: boolean;
  zoom: number;
  setZoom: (zoom: (z: number) => number) => void;
  button: (command: Command) => void;
}) {
  const { t } = useI18n();
  const [botLevel, setBotLevel] = useState<BotLevel>('greedy');
  const optionSpecs = formOptionsOf(summary.game);
  const { status } = summary;
  const seated = mySeat !== null;
  return (
    <section className="table-bar" aria-label={t('table.bar')} data-testid="table-bar">
      <div className="bar-title">
        {summary.tournamentId ? (
          <Link to={`/tournaments/${summary.tournamentId}`}>{t('table.backToTournament')}</Link>
        ) : (
          <Link to="/">{t('table.back')}</Link>
        )}
        <h1>{summary.title}</h1>
        <span className={`status ${status}`} data-testid="table-status">
          {t(`status.${status}`)}
        </span>
        <span className="tag" data-testid="table-rated">
          {t(summary.rated ? 'rating.rated' : 'rating.unratedTag')}
        </span>
        <ReliabilityTag floor={summary.reliability} testId="table-reliability" t={t} />
      </div>
      <p
        className={standingIn ? 'turn stand-in-prompt' : 'turn'}
        role="status"
        data-testid="turn"
        title={prompt || undefined}
      >
        {prompt}
      </p>
      <div className="bar-actions">
        {status === 'playing' && standingIn && (
          <button
            type="button"
            className="primary"
            data-testid="take-back"
            onClick={() => button({ name: 'back' })}
          >
            {t('table.takeBack')}
          </button>
        )}
        {status === 'open' && isHost && canRate && (
          <label className="check">
            <input
              type="checkbox"
              checked={summary.rated}
              onChange={(event) =>
                button({ name: 'option', option: 'rated', value: event.target.checked ? 'on' : 'off' })
              }
              data-testid="table-rated-toggle"
            />{' '}
            {t('rating.tableRated')}
          </label>
        )}
        {status === 'open' && isHost && summary.seats.some((seat) => !seat.name) && (
          <span className="bot-picker">
            <label>
              <span className="sr-only">{t('table.botLevel')}</span>
              <select
                aria-label={t('table.botLevel')}
                value={botLevel}
                onChange={(event) => setBotLevel(event.target.value as BotLevel)}
              >
                <BotLevelOptionList game={summary.game} />
              </select>
            </label>
            <button
              type="button"
              data-testid="add-bot"
              onClick={() => button({ name: 'bot', level: botLevel })}
            >
              {t('table.addBot')}
            </button>
          </span>
        )}
        {status === 'open' && isHost && (
          <button
            type="button"
            className="primary"
            data-testid="start"
            disabled={summary.seats.some((seat) => !seat.name)}
            onClick={() => button({ name: 'start' })}
          >
            {t('table.start')}
          </button>
        )}
        {status === 'open' && seated && !isHost && (
          <button type="button" onClick={() => button({ name: 'leave' })}>
            {t('table.leave')}
          </button>
        )}
        {status === 'playing' &&
          seated &&
          !summary.clock &&
          summary.seats.some(
            (seat) => seat.seat !== mySeat && !seat.bot && !seat.standIn && !seat.connected,
          ) && (
            <button type="button" data-testid="claim" onClick={() => button({ name: 'claim' })}>
              {t('table.claim')}
            </button>
          )}
        {playing && (
          <span className="zoom" role="group" aria-label={t('table.zoom')}>
            <button
              type="button"
              data-testid="zoom-out"
              disabled={zoom <= ZOOM.min}
              onClick={() => setZoom((z) => Math.max(ZOOM.min, z - 0.5))}
            >
              −<span className="sr-only"> {t('table.zoomOut')}</span>
            </button>
            <span aria-live="polite">{Math.round(zoom * 100)} %</span>
            <button
              type="button"
              data-testid="zoom-in"
              disabled={zoom >= ZOOM.max}
              onClick={() => setZoom((z) => Math.min(ZOOM.max, z + 0.5))}
            >
              +<span className="sr-only"> {t('table.zoomIn')}</span>
            </button>
          </span>
        )}
        {(optionSpecs.length > 0 || summary.clock) && (
          <details className="table-options" data-testid="table-options">
            <summary>{t('table.options')}</summary>
            <div className="options-pop">
              {summary.clock && (
                <p className="muted" data-testid="clock-setting">
                  {t('clock.label')}: {describeClock(summary.clock, t)}
                </p>
              )}
              {optionSpecs.length > 0 && (
                <ul>
                  {optionsInWords(optionSpecs, summary.options, t).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          </details>
        )}
        {status === 'playing' && seated && abortable && (
          <button
            type="button"
            data-testid="abort"
            onClick={() => {
              if (window.confirm(t('table.abortConfirm'))) button({ name: 'abort' });
            }}
          >
            {t('table.abort')}
          </button>
        )}
        {status === 'playing' && seated && (
          <button
            type="button"
            onClick={() => {
              if (window.confirm(t('table.resignConfirm'))) button({ name: 'resign' });
            }}
          >
            {t('table.resign')}
          </button>
        )}
      </div>
    </section>
  );
}
