/**
 * Placing the revealed building on the seat's board: where it stands (its anchor, the top-left corner of its turned
 * shape), how far it is turned, and the board's pointer, touch and keyboard handling that move, turn and build it.
 * A mouse previews by hovering; a finger (or pen) taps to place and taps the building again to build; the arrow keys
 * move it, R turns it, Enter or Space builds it. Only a legal build move is ever sent.
 */
import { turnShape, type MyCityMove } from '@skyline/mycity';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import {
  anchorCovering,
  anchorStep,
  buildsBySquares,
  cellsKey,
  coversSquare,
  legalAnchor,
  placedAt,
  type Cell,
} from './geometry.js';

/** The board square under a pointer, or null off the board (squares of `size` in the board's own units). */
function squareUnder(
  event: PointerEvent<SVGSVGElement> | MouseEvent<SVGSVGElement>,
  size: number,
  rows: number,
  cols: number,
): Cell | null {
  const matrix = event.currentTarget.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const r = Math.floor(point.y / size);
  const c = Math.floor(point.x / size);
  return r >= 0 && r < rows && c >= 0 && c < cols ? [r, c] : null;
}

export interface PlacementState {
  /** Whether the seat may build the revealed building somewhere now. */
  canBuild: boolean;
  /** The revealed building's shape, turned as the player turned it (top row and left column 0). */
  shape: Cell[];
  /** The squares the building stands on now, or null while it is nowhere on the board. */
  placed: Cell[] | null;
  /** The legal move that builds it there, if it may be built there. */
  move: MyCityMove | undefined;
  /** Whether the last pointer was a finger (or pen): the hints then speak of tapping. */
  touch: boolean;
  /** Builds it where it stands, if it may be built there. */
  drop: () => void;
  /** Turns it a quarter-turn clockwise. */
  turn: () => void;
  /** Puts it on a spot where it fits turned as it is (nowhere if it fits nowhere so). */
  findSpot: () => void;
  /** The board's own handlers (its `<svg>`). */
  board: {
    onKeyDown: (event: KeyboardEvent) => void;
    onPointerDown: (event: PointerEvent<SVGSVGElement>) => void;
    onPointerMove: (event: PointerEvent<SVGSVGElement>) => void;
    onPointerLeave: (event: PointerEvent<SVGSVGElement>) => void;
    onClick: (event: MouseEvent<SVGSVGElement>) => void;
  };
}

export function usePlacement({
  legalMoves,
  card,
  send,
  size,
  rows,
  cols,
  onIdleClick,
}: {
  legalMoves: readonly MyCityMove[];
  /** The revealed building's shape as printed (empty when no building is revealed). */
  card: readonly Cell[];
  send: (move: MyCityMove) => void;
  size: number;
  rows: number;
  cols: number;
  /** A click on the board while there is nothing to build (to say why). */
  onIdleClick: () => void;
}): PlacementState {
  const legal = useMemo(() => buildsBySquares(legalMoves), [legalMoves]);
  const canBuild = legal.size > 0;
  /** How far the player turned the revealed building: a new card starts as printed, as the lessons and hints say. */
  const cardKey = card.map(([r, c]) => `${r},${c}`).join(' ');
  const [turned, setTurned] = useState({ card: cardKey, turns: 0 });
  const turns = turned.card === cardKey ? turned.turns : 0;
  const [anchor, setAnchor] = useState<Cell | null>(null);
  /**
   * Whether the building follows a hovering mouse (then it goes when the mouse leaves the board), rather than stands
   * where a tap, a key or "show a spot" put it: such a choice stays until the player moves it, whatever a mouse does
   * meanwhile (on a touch laptop, or when the browser sends a mouse event of its own as a page is resized).
   */
  const followsMouse = useRef(false);
  const placeAt = (cell: Cell | null, byMouse = false) => {
    followsMouse.current = byMouse;
    setAnchor(cell);
  };
  /** Whether the last pointer was a finger (or pen): taps place and confirm; a mouse previews by hovering. */
  const [touch, setTouch] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(hover: none)').matches === true,
  );

  const shape = turnShape(card, turns);
  // Nothing is placed while nothing may be built (after Stop or a pass, while the others choose, at the game's end):
  // the building left where it stood would show there as a red "cannot go here" on a board that asks nothing.
  const placed = canBuild && anchor ? placedAt(shape, anchor) : null;
  useEffect(() => {
    if (!canBuild) {
      followsMouse.current = false;
      setAnchor(null);
    }
  }, [canBuild]);
  const move = placed ? legal.get(cellsKey(placed)) : undefined;

  const drop = () => {
    if (move) {
      send(move);
      placeAt(null);
    }
  };
  const turn = () =>
    setTurned((last) => ({ card: cardKey, turns: (last.card === cardKey ? last.turns : 0) + 1 }));
  const findSpot = () => placeAt(legalAnchor(legal.values(), shape));

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!canBuild || event.pointerType !== 'mouse') return;
    const cell = squareUnder(event, size, rows, cols);
    if (cell && !coversSquare(placed, cell)) placeAt(anchorCovering(shape, ...cell), true);
  };
  /** A tap or click: on the building where it fits, builds it; anywhere else, moves it there. */
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!canBuild) {
      onIdleClick();
      return;
    }
    const cell = squareUnder(event, size, rows, cols);
    if (!cell) return;
    if (coversSquare(placed, cell) && move) drop();
    else placeAt(anchorCovering(shape, ...cell));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!canBuild) return;
    const next = anchorStep(anchor, event.key);
    if (next) {
      event.preventDefault();
      placeAt(next);
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      turn();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      drop();
    }
  };

  return {
    canBuild,
    shape,
    placed,
    move,
    touch,
    drop,
    turn,
    findSpot,
    board: {
      onKeyDown,
      onPointerDown: (event) => setTouch(event.pointerType !== 'mouse'),
      onPointerMove,
      onPointerLeave: (event) => {
        if (event.pointerType === 'mouse' && followsMouse.current) placeAt(null);
      },
      onClick,
    },
  };
}
