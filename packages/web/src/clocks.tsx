/** Clocks on the table page (ticking down from what the server last told) and durations in words. */
import type { ClockSetting, ClockView } from '@skyline/protocol';
import { useEffect, useState } from 'react';
import type { T } from './i18n.js';

/** The current time, renewed every `ms` while `ticking` (one render a second for running clocks). */
export function useNow(ticking: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ticking, ms]);
  return now;
}

/** A clock's time left: `4:05`, `1:02:03`, or `2 d 3 h` for long turn clocks. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

/** A duration in round words for "waiting for 3 h" (`t` gives the units). */
export function formatWait(ms: number, t: T): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('time.lessThanMinute');
  if (minutes < 60) return t('time.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('time.hours', { n: hours });
  return t('time.days', { n: Math.floor(hours / 24) });
}

/** Below this much time left, the player's own clock warns (a tenth of its time, at least 10 s for a live one). */
export function lowTime(setting: ClockSetting): number {
  return setting.kind === 'live'
    ? Math.max(10_000, Math.min(60_000, setting.initial * 100))
    : setting.perMove * 100;
}

/** The clock setting in words (`5 min + 5 s`, `1 d a move`). */
export function describeClock(setting: ClockSetting | null | undefined, t: T): string {
  if (!setting) return t('clock.none');
  const words = (seconds: number) =>
    seconds % 86_400 === 0 && seconds > 0
      ? t('time.days', { n: seconds / 86_400 })
      : seconds % 3600 === 0 && seconds > 0
        ? t('time.hours', { n: seconds / 3600 })
        : seconds % 60 === 0 && seconds > 0
          ? t('time.minutes', { n: seconds / 60 })
          : t('time.seconds', { n: seconds });
  return setting.kind === 'live'
    ? t('clock.live', { initial: words(setting.initial), increment: words(setting.increment) })
    : t('clock.turn', { perMove: words(setting.perMove) });
}

/** A form's clock chooser (the lobby's and the tournaments'): one of `choices`, by its index, said in words. */
export function ClockSelect({
  choices,
  value,
  onChange,
  testId,
  t,
}: {
  choices: readonly (ClockSetting | null)[];
  value: number;
  onChange: (index: number) => void;
  testId: string;
  t: T;
}) {
  return (
    <label>
      {t('clock.label')}
      <select value={value} onChange={(event) => onChange(Number(event.target.value))} data-testid={testId}>
        {choices.map((choice, k) => (
          <option key={k} value={k}>
            {describeClock(choice, t)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One seat's clock: ticking while it runs, marked when it is the viewer's and low. */
export function SeatClock({
  clock,
  told,
  now,
  low,
  mine,
  t,
  seat,
}: {
  clock: ClockView;
  /** When the page was told `clock.left`. */
  told: number;
  now: number;
  low: number;
  mine: boolean;
  t: T;
  seat: number;
}) {
  const left = clock.running ? clock.left - (now - told) : clock.left;
  const warn = mine && clock.running && left <= low;
  return (
    <span
      className={`clock${clock.running ? ' running' : ''}${warn ? ' low' : ''}`}
      data-testid={`clock-${seat}`}
      aria-label={t(clock.running ? 'clock.running' : 'clock.standing', { time: formatClock(left) })}
    >
      {formatClock(left)}
      {warn && <span className="sr-only"> {t('clock.low')}</span>}
    </span>
  );
}
