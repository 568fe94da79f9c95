/** A game's options as form inputs (the lobby's new table, a new tournament), with their default values. */
import type { OptionSpec } from './games/types.js';
import { useI18n } from './i18n.js';

export function defaults(options: OptionSpec[]): Record<string, unknown> {
  return Object.fromEntries(options.map((option) => [option.name, option.default]));
}

export function OptionInput({
  spec,
  value,
  onChange,
}: {
  spec: OptionSpec;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useI18n();
  if (spec.kind === 'boolean')
    return (
      <label className="check">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        {t(spec.label)}
      </label>
    );
  if (spec.kind === 'number')
    return (
      <label>
        {t(spec.label)}
        <input
          type="number"
          min={spec.min}
          max={spec.max}
          value={Number(value)}
          onChange={(event) => onChange(Number(event.target.value))}
        />
      </label>
    );
  return (
    <fieldset>
      <legend>{t(spec.label)}</legend>
      {(spec.choices ?? []).map((choice) => (
        <label key={choice.value} className="check">
          <input
            type="radio"
            name={spec.name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {t(choice.label)}
        </label>
      ))}
    </fieldset>
  );
}
