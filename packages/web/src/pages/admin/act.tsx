/**
 * One moderation action on the operator's page: a button that opens a small form asking why (kept in the audit log),
 * with a number of minutes or days where the action takes one, and the server's answer in the player's words.
 */
import { MODERATION_LIMITS } from '@skyline/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n.js';
import { http } from '../../net.js';
import { saidOfFailure, sayServer, type Said } from '../../server-words.js';

/** A length the action asks for: minutes of a mute, days of a ban (empty: without end, when `optional`). */
export interface Duration {
  field: 'minutes' | 'days';
  initial: string;
  optional: boolean;
  max: number;
}

export function Action({
  label,
  path,
  body,
  reasonField = 'reason',
  duration,
  danger,
  onDone,
  testId,
}: {
  label: string;
  /** The route (`POST`), under `/api/moderation`. */
  path: string;
  /** What the request carries besides the reason and the duration. */
  body?: Record<string, unknown>;
  /** The name the reason goes by (`note` for a report's outcome). */
  reasonField?: 'reason' | 'note';
  duration?: Duration;
  danger?: boolean;
  onDone: () => void;
  testId?: string;
}) {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(duration?.initial ?? '');
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) reasonBox.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
    opener.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError({ text: t('admin.reasonNeeded') });
      return;
    }
    const extra: Record<string, unknown> = {};
    if (duration) {
      const value = amount.trim();
      if (value !== '') extra[duration.field] = Number(value);
      else if (!duration.optional) {
        setError({ text: t('admin.durationNeeded') });
        return;
      }
    }
    setBusy(true);
    try {
      await http('POST', `/api/moderation${path}`, { ...body, ...extra, [reasonField]: reason.trim() });
      setOpen(false);
      setReason('');
      setError(null);
      onDone();
    } catch (caught) {
      setError(saidOfFailure(caught, { text: t('admin.unreadable') }));
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button
        ref={opener}
        type="button"
        className={danger ? 'danger' : undefined}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  return (
    <form
      className="admin-action"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      aria-label={label}
    >
      {duration && (
        <label htmlFor={`${id}-amount`}>
          {duration.field === 'minutes' ? t('admin.minutes') : t('admin.days')}
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            max={duration.max}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder={duration.optional ? t('admin.noEnd') : undefined}
          />
        </label>
      )}
      <label htmlFor={`${id}-reason`}>
        {reasonField === 'note' ? t('admin.note') : t('admin.reason')}
        <textarea
          id={`${id}-reason`}
          ref={reasonBox}
          rows={2}
          maxLength={MODERATION_LIMITS.reasonLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="admin-reason"
        />
      </label>
      {error && (
        <p className="error" role="alert" data-testid="admin-error">
          {sayServer(lang, error)}
        </p>
      )}
      <div className="row-buttons">
        <button type="button" onClick={close}>
          {t('admin.cancel')}
        </button>
        <button type="submit" className="primary" disabled={busy} data-testid="admin-confirm">
          {label}
        </button>
      </div>
    </form>
  );
}
