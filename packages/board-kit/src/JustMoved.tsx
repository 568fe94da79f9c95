import type { SVGProps } from 'react';

/**
 * The frame around what was just played or built (a tile's position, a lot): dark and unfilled, pulsing twice unless
 * the viewer asks for less motion (the `just-moved` style). Its place, size and test id are passed.
 */
export function JustMoved(props: Omit<SVGProps<SVGRectElement>, 'ref'>) {
  return <rect className="just-moved" fill="none" stroke="#1d2733" strokeWidth={3} {...props} />;
}
