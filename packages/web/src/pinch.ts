/**
 * Two fingers on the board zoom the board, not the page. The browser's own pinch would enlarge the whole page: the
 * board would grow, but so would the header, the hand and the buttons, and the player would pan the page around to
 * find them. Pinching the board instead draws the board larger inside its own box (the same zoom as the − and +
 * buttons), the rest of the page keeping its size. Elsewhere on the page the browser's pinch still works: the viewport
 * allows it (WCAG 1.4.4), only a gesture that starts with two fingers on the board is taken.
 *
 * Touch events rather than pointer events: only a non-passive `touchmove` can stop the browser's pinch everywhere
 * (Safari ignores `touch-action`), and the board's CSS says `touch-action: pan-x pan-y` for the browsers that read it.
 */
import { useEffect, useRef, type RefObject } from 'react';

const distance = (touches: TouchList): number => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

export function usePinchZoom(
  board: RefObject<HTMLElement | null>,
  zoom: number,
  setZoom: (zoom: number) => void,
  { min, max }: { min: number; max: number },
  /** Whether the board is on the page (the listeners go on it once it is). */
  shown: boolean,
): void {
  const current = useRef(zoom);
  current.current = zoom;
  const limits = useRef({ min, max, setZoom });
  limits.current = { min, max, setZoom };

  useEffect(() => {
    const element = board.current;
    if (!shown || !element) return;
    let start: { distance: number; zoom: number } | null = null;
    const onStart = (event: TouchEvent) => {
      start =
        event.touches.length === 2 ? { distance: distance(event.touches), zoom: current.current } : null;
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || start.distance === 0) return;
      event.preventDefault(); // the page stays as it is: only the board grows
      const { min, max, setZoom } = limits.current;
      const next = (start.zoom * distance(event.touches)) / start.distance;
      // In steps of 5 %: the percentage beside the buttons says round numbers, and React renders less often.
      setZoom(Math.min(max, Math.max(min, Math.round(next * 20) / 20)));
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) start = null;
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [board, shown]);
}
