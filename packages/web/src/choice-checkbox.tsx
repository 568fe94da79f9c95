import type { ReactNode } from 'react';

/**
 * One of the player's choices on the settings page, as a check box with its words (`children`: what is said under
 * it, such as a refusal). The choice's own module keeps it and says what it does.
 */
export function ChoiceCheckbox({
  className = 'card',
  checked,
  testId,
  label,
  onChange,
  children,
}: {
  className?: string | undefined;
  checked: boolean;
  testId: string;
  label: string;
  onChange: (wanted: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <label>
        <input
          type="checkbox"
          checked={checked}
          data-testid={testId}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {label}
      </label>
      {children}
    </div>
  );
}
