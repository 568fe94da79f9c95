import { useCallback, useEffect, useRef, useState } from 'react';
import { ChoiceCheckbox } from './choice-checkbox.js';
import { useI18n } from './i18n.js';
import { adoptAccountChoice, saveAccountChoice } from './play-settings.js';
import {
  confirmWanted,
  keyEvent,
  nextStaging,
  setConfirmWanted,
  type Staged,
  type StagingEvent,
} from './confirm-moves.js';

/**
 * The table page's staging of moves (`confirm-moves.ts`): `stage` is what the board sends through; `send` is the one
 * place moves leave for the server. Enter and Escape act while a move is staged, wherever the focus is.
 */
export function useStagedMove(
  send: (move: unknown) => void,
  version: number | null,
  legalMoves: readonly unknown[],
) {
  const [staged, setStaged] = useState<Staged | null>(null);
  // The staged move as the last event left it (the state is for rendering; two events in one tick see each other).
  const current = useRef<Staged | null>(null);
  const apply = useCallback(
    (event: StagingEvent) => {
      // The setting is read on every event: it may have changed on the settings page since the table opened.
      const next = nextStaging(current.current, event, confirmWanted());
      current.current = next.staged;
      setStaged(next.staged);
      if (next.send !== undefined) send(next.send);
    },
    [send],
  );
  const stage = useCallback(
    (move: unknown) => apply({ type: 'stage', move, version: version ?? 0 }),
    [apply, version],
  );
  // The legal moves that come with a new version, read when the version changes (not a reason to look again).
  const legal = useRef(legalMoves);
  legal.current = legalMoves;
  useEffect(() => {
    if (version !== null) apply({ type: 'table', version, legalMoves: legal.current });
  }, [apply, version]);
  const active = staged !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const inTextField =
        target !== null &&
        (target.tagName === 'TEXTAREA' ||
          (target.tagName === 'INPUT' && target.getAttribute('type') !== 'checkbox'));
      const action = keyEvent(event.key, inTextField);
      if (!action) return;
      // Enter on a focused button of the board would also press it: the key is the confirmation's only.
      event.preventDefault();
      event.stopPropagation();
      apply(action);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, apply]);
  return {
    staged,
    stage,
    confirm: () => apply({ type: 'confirm' }),
    clear: () => apply({ type: 'clear' }),
  };
}

/** The bar above the board while a move is staged: the move in the log's words, Confirm (Enter) and Undo (Esc). */
export function ConfirmBar(props: { text: string; onConfirm: () => void; onClear: () => void }) {
  const { t } = useI18n();
  return (
    <div className="confirm-bar" role="group" aria-label={t('confirm.label')} data-testid="confirm-bar">
      <span className="confirm-text" role="status" data-testid="confirm-text">
        {props.text}
      </span>
      <button
        type="button"

        className="primary"
        onClick={props.onConfirm}
        data-testid="confirm-move"
      >
        {t('confirm.confirm')}
      </button>
      <button type="button" onClick={props.onClear} data-testid="confirm-undo">
        {t('confirm.undo')}
      </button>
    </div>
  );
}

/** The player's choice on the settings page: confirm each move before it is sent. */
export function ConfirmSetting({ className, account = false }: { className?: string; account?: boolean }) {
  const { t } = useI18n();
  const [on, setOn] = useState(confirmWanted);
  const [failed, setFailed] = useState(false);
  // A registered player's choice is the account's (`play-settings.ts`): read from there when the page opens.
  useEffect(() => {
    if (!account) return;
    let live = true;
    void adoptAccountChoice().then((stored) => {
      if (live && stored !== null) setOn(stored);
    });
    return () => {
      live = false;
    };
  }, [account]);
  return (
    <ChoiceCheckbox
      className={className}
      checked={on}
      testId="confirm-setting"
      label={t('confirm.setting')}
      onChange={(wanted) => {
        setConfirmWanted(wanted);
        setOn(wanted);
        setFailed(false);
        if (account) void saveAccountChoice(wanted).catch(() => setFailed(true));
      }}
    >
      {failed && (
        <p className="error" role="alert">
          {t('confirm.notSaved')}
        </p>
      )}
    </ChoiceCheckbox>
  );
}
