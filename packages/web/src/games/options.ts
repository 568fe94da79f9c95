/**
 * A table's options in words ("Rounds in the match: 3", "How turns work: Simultaneous: …"), for the table page:
 * the players see what they are playing before and during the game, not only the host who chose them in the lobby.
 */
import type { T } from '../i18n.js';
import type { OptionSpec } from './form-options.js';

export function optionsInWords(
  specs: readonly OptionSpec[],
  options: Record<string, unknown>,
  t: T,
): string[] {
  return specs.map((spec) => {
    const value = spec.name in options ? options[spec.name] : spec.default;
    const said =
      spec.kind === 'boolean'
        ? t(value ? 'common.yes' : 'common.no')
        : spec.kind === 'choice'
          ? (() => {
              const choice = spec.choices?.find((c) => c.value === value);
              return choice ? t(choice.label) : String(value);
            })()
          : String(value);
    return t('table.optionLine', { label: t(spec.label), value: said });
  });
}
