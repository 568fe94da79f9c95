/**
 * The pieces the pages' forms share: a labelled text field, a labelled check box, and the running of a form's request
 * (busy while it is on its way, the server's refusal kept to be said). One way to write them, so that every form
 * labels its fields and reports its refusals alike.
 */
import { LIMITS } from '@skyline/protocol';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { saidOfFailure, type Said } from './server-words.js';

/** A text input (any `type` but a check box) inside its label; `onValue` gets what the player typed. */
export function TextField({
  label,
  onValue,
  ...input
}: { label: ReactNode; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>) {
  return (
    <label>
      {label}
      <input {...input} onChange={(event) => onValue(event.target.value)} />
    </label>
  );
}

/** What the fields of one kind take: their words, what is typed and what else a field of that kind needs. */
type KindFieldProps = { label: ReactNode; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'type'
>;

/** An e-mail address, at most 254 characters (the longest an address may be in SMTP). */
export function EmailField(props: KindFieldProps) {
  return <TextField type="email" required maxLength={254} autoComplete="email" {...props} />;
}

/** The password the player has now: the browser may fill it in. */
export function CurrentPasswordField(props: KindFieldProps) {
  return <TextField type="password" required autoComplete="current-password" {...props} />;
}

/** A new password, as long as the server asks (`LIMITS.passwordMin`): the browser may suggest one. */
export function NewPasswordField(props: KindFieldProps) {
  return (
    <TextField
      type="password"
      required
      minLength={LIMITS.passwordMin}
      autoComplete="new-password"
      {...props}
    />
  );
}

/** A check box with its words after it (`label.check`). */
export function CheckField({
  label,
  checked,
  onChecked,
  testId,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  );
}

/**
 * Runs a form's request: `busy` while it is on its way, `error` the server's refusal of the last one (in the words of
 * `invalid` when the server gave none of its own), cleared when the next one starts.
 */
export function useRequest() {
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<void>, invalid: string) => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (caught) {
      setError(saidOfFailure(caught, { text: invalid }));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, setError };
}
