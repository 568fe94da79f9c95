import type { ChatLine } from '@skyline/protocol';
import { useWithoutBlocked } from './blocked.js';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useI18n } from './i18n.js';
import { sayServer, type Said } from './server-words.js';
import { navigate } from './router.js';
import type { ReportTarget } from './report.js';

/** The report dialog, loaded when first opened (few pages ever open it). */
export const ReportDialog = lazy(async () => ({ default: (await import('./report.js')).ReportDialog }));

/** A dialog to report a player or a chat line, shown while `target` is set; `onClose` unsets it. */
export function Reporting({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog target={target} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Why a page could not be shown, in the player's words and language (the server's code said in the page's language,
 * as a sentence), with a way on.
 */
export function PageRefusal({ said, back }: { said: Said; back?: { to: string; label: string } }) {
  const { t, lang } = useI18n();
  const words = sayServer(lang, said);
  return (
    <div className="card" data-testid="page-refusal">
      <p role="alert">{words.charAt(0).toLocaleUpperCase(lang) + words.slice(1)}</p>
      <Link to={back?.to ?? '/'}>{back?.label ?? t('table.back')}</Link>
    </div>
  );
}

/** A link that stays in the page (history router). */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

/**
 * A chat: the last lines, and a box that sends a line (or a slash command). Another person's line can be reported to
 * the moderators (`me`: the reader's name, whose own lines are not).
 */
export function Chat({
  lines,
  onSend,
  title,
  testId,
  systemLabel,
  me,
}: {
  lines: ChatLine[];
  onSend: (text: string) => Promise<void>;
  title: string;
  testId: string;
  /** Who says the lines that no person says ("table" unless told). */
  systemLabel?: string;
  me?: string;
}) {
  const { t, lang } = useI18n();
  // The lines of players the user blocked are not shown (blocked.ts).
  const shown = useWithoutBlocked(lines);
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line) return;
    setText('');
    void onSend(line);
  };
  return (
    <section className="chat" aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
      <ol ref={list} className="chat-lines" aria-live="polite">
        {shown.map((line, k) => (
          <li key={line.id ?? `k${k}`} className={line.from ? undefined : 'system'}>
            {line.from ? <strong>{line.from}: </strong> : <em>{systemLabel ?? t('chat.system')}: </em>}
            <span className="chat-text">{line.from ? line.text : sayServer(lang, line)}</span>
            {me !== undefined && line.from && line.from !== me && line.id && (
              <button
                type="button"
                className="line-report"
                aria-label={t('report.line', { name: line.from })}
                title={t('report.line', { name: line.from })}
                data-testid="report-line"
                onClick={() =>
                  setReporting({
                    name: line.from ?? '',
                    chatId: line.id,
                    text: line.text,
                    tableId: line.tableId,
                  })
                }
              >
                <span aria-hidden="true">⚑</span>
              </button>
            )}
          </li>
        ))}
      </ol>
      <Reporting target={reporting} onClose={() => setReporting(null)} />
      <form onSubmit={submit} className="chat-form">
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.label')}
          maxLength={500}
        />
        <button type="submit">{t('chat.send')}</button>
      </form>
    </section>
  );
}

/** The end of a create form (the lobby's new table, a new tournament): the server's refusal, if any, and its button. */
export function FormEnd({
  error,
  errorTestId,
  label,
  disabled,
  testId,
}: {
  error: Said | null;
  errorTestId: string;
  label: string;
  disabled: boolean;
  testId: string;
}) {
  const { lang } = useI18n();
  return (
    <>
      {error && (
        <p className="error" role="alert" data-testid={errorTestId}>
          {sayServer(lang, error)}
        </p>
      )}
      <button type="submit" className="primary" disabled={disabled} data-testid={testId}>
        {label}
      </button>
    </>
  );
}
