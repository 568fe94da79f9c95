/**
 * Keeps keyboard focus where the player acted. A move takes away the buttons that made it (they are disabled while it
 * is on its way, then replaced by the next choices), and the browser then puts focus back on the page's body: the
 * next Tab would start again from the top of the page. When the element that had focus inside `container` goes away
 * or is disabled, focus moves to its successor (the same test id and label, else the same test id), or else to
 * `fallback` (the board), so that the next Tab goes on from where the player was.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

interface Focused {
  element: HTMLElement;
  testId: string | null;
  label: string;
}

const labelOf = (element: Element): string =>
  element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

const usable = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement || element instanceof SVGElement
    ? !(element as HTMLElement).matches(':disabled') && element.isConnected
    : false;

export function useKeepFocus(
  container: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
): void {
  const last = useRef<Focused | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) && !(target instanceof SVGElement)) return;
      last.current = {
        element: target as HTMLElement,
        testId: target.getAttribute('data-testid'),
        label: labelOf(target),
      };
    };
    element.addEventListener('focusin', remember);
    return () => element.removeEventListener('focusin', remember);
  });

  // After every render: was the focused element taken away?
  useLayoutEffect(() => {
    const focused = last.current;
    const root = container.current;
    if (!focused || !root) return;
    const active = document.activeElement;
    const lost =
      active === null || active === document.body || (active === focused.element && !usable(active));
    if (!lost || usable(focused.element)) return;
    const candidates = focused.testId
      ? [...root.querySelectorAll(`[data-testid="${CSS.escape(focused.testId)}"]`)].filter(usable)
      : [];
    const next =
      candidates.find((candidate) => labelOf(candidate) === focused.label) ??
      candidates[0] ??
      fallback.current;
    next?.focus({ preventScroll: true });
  });
}
