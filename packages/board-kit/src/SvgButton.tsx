import type { SVGProps } from 'react';
import { activate } from './activate.js';

/**
 * A group of SVG drawn as a button: it takes the keyboard's focus, says it is a button, and Enter or Space does what
 * a click does (`activate`). Everything else (its label, test id, state such as `aria-pressed`) is passed through.
 */
export function SvgButton({
  onPress,
  className,
  children,
  ...rest
}: Omit<SVGProps<SVGGElement>, 'role' | 'tabIndex' | 'onClick' | 'onKeyDown' | 'ref'> & {
  /** What a click, a tap, Enter or Space does. */
  onPress: () => void;
}) {
  return (
    <g
      role="button"
      tabIndex={0}
      className={className === undefined ? 'svg-button' : `svg-button ${className}`}
      onClick={onPress}
      onKeyDown={(event) => activate(event, onPress)}
      {...rest}
    >
      {children}
    </g>
  );
}
