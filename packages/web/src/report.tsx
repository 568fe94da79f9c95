/**
 * Reporting a player or a chat line to the server's moderators (`POST /api/reports`): a small modal dialog — the
 * browser's own `<dialog>`, so that focus stays in it, Escape closes it and the page behind is inert — with the
 * reasons as radio buttons (arrow keys move between them), a note, and the server's answer in the player's words.
 * Loaded when first opened (`Chat`, the profile page).
 */
import { LIMITS, REPORT_REASONS, type ReportReason } from '@skyline/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useI18n } from './i18n.js';
import { http } from './net.js';
import { saidOfFailure, sayServer, type Said } from './server-words.js';

/** What is reported: a chat line (by its id; its author and words shown), or a player by name. */
export interface ReportTarget {
  name: string;
  chatId?: string;
  /** The line's words, quoted in the dialog. */
  text?: string;
  tableId?: string | null;
}

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t, lang } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<Said | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) {
      setError({ text: t('report.choose') });
      return;
    }
    setSending(true);
    const trimmed = note.trim();
    const body = {
      ...(target.chatId ? { chatId: target.chatId } : { player: target.name }),
      ...(!target.chatId && target.tableId ? { tableId: target.tableId } : {}),
      reason,
      ...(trimmed ? { note: trimmed } : {}),
    };
    try {
      await http('POST', '/api/reports', body);
      setError(null);
      setSent(true);
    } catch (caught) {
      setError(saidOfFailure(caught, { text: MESSAGE_UNREADABLE }));
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="report-dialog"
      aria-labelledby={titleId}
      data-testid="report-dialog"
      onClose={onClose}
    >
      <h2 id={titleId}>{t('report.title', { name: target.name })}</h2>
      {target.text !== undefined && (
        <figure className="report-quote">
          <figcaption className="muted small">{t('report.quote')}</figcaption>
          <blockquote>{target.text}</blockquote>
        </figure>
      )}
      {sent ? (
        <>
          <p role="status" data-testid="report-sent">
            {t('report.sent')}
          </p>
          <div className="dialog-buttons">
            <button ref={done} type="button" className="primary" onClick={() => dialog.current?.close()}>
              {t('report.close')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset>
            <legend>{t('report.why')}</legend>
            {REPORT_REASONS.map((choice) => (
              <label key={choice} className="check">
                <input
                  type="radio"
                  name="reason"
                  value={choice}
                  checked={reason === choice}
                  onChange={() => {
                    setReason(choice);
                    setError(null);
                  }}
                />
                {t(`report.reason.${choice}`)}
              </label>
            ))}
          </fieldset>
          <label>
            {t('report.note')}
            <textarea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={LIMITS.chatLength}
              rows={3}
            />
          </label>
          {error && (
            <p className="error" role="alert" data-testid="report-error">
              {sayServer(lang, error)}
            </p>
          )}
          <div className="dialog-buttons">
            <button type="button" onClick={() => dialog.current?.close()}>
              {t('report.cancel')}
            </button>
            <button type="submit" className="primary" disabled={sending} data-testid="report-send">
              {t('report.send')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/** The request was malformed (it never is, from this form): said as the server would say it. */
const MESSAGE_UNREADABLE = 'the server could not read this request: reload the page';
