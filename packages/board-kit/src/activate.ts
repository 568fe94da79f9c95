import type { KeyboardEvent } from 'react';

/**
 * Enter or Space on an SVG element drawn as a button (`role="button"`, `tabIndex={0}`) does what a click does, as on
 * a real button; the page does not scroll on Space.
 */
export function activate(event: KeyboardEvent, action: () => void): void {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
}
