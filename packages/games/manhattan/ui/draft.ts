/**
 * A build as the viewer drafts it: which cards and pieces its legal moves allow, the card and piece it has chosen
 * (or the only ones left), and the lots where that build may go; and why what it clicks is not offered now.
 */
import { waitingReason, type BoardProps } from '@skyline/board-kit';
import type { ManhattanMove, ManhattanView } from '@skyline/manhattan';
import { lotOfCard } from '@skyline/manhattan/board';
import { lotKey } from './geometry.js';
import type { T } from './words.js';

export type Build = Extract<ManhattanMove, { type: 'build' }>;
export type Select = Extract<ManhattanMove, { type: 'select' }>;
export type Discard = Extract<ManhattanMove, { type: 'discard' }>;

export interface Draft {
  builds: Build[];
  selects: Select[];
  discards: Discard[];
  canSkip: boolean;
  /** Whether the viewer may do anything at all now. */
  any: boolean;
  /** The cards and the piece sizes some build uses. */
  cards: number[];
  pieces: number[];
  /** The card and piece of the build drafted: the viewer's choice, or the only one left; null while open. */
  card: number | null;
  piece: number | null;
  /** The lots ("city:lot") the drafted build may go to, when both card and piece are settled: a click builds. */
  targetAt: Map<string, Build>;
  /** The lots some build that fits the draft so far goes to (lit, dashed until the draft is settled). */
  highlighted: Set<string>;
}

export function draftOf(
  view: ManhattanView,
  legalMoves: readonly ManhattanMove[],
  chosenCard: number | null,
  chosenPiece: number | null,
): Draft {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const builds = legalMoves.filter((m): m is Build => m.type === 'build');
  const cards = [...new Set(builds.map((m) => m.card))];
  const pieces = [...new Set(builds.map((m) => m.piece))].sort((a, b) => a - b);
  const only = (options: number[]) => (options.length === 1 ? (options[0] as number) : null);
  const card = chosenCard !== null && cards.includes(chosenCard) ? chosenCard : only(cards);
  const piece = chosenPiece !== null && pieces.includes(chosenPiece) ? chosenPiece : only(pieces);
  const targets = builds.filter(
    (m) => (card === null || m.card === card) && (piece === null || m.piece === piece),
  );
  const targetAt = new Map<string, Build>();
  const highlighted = new Set<string>();
  if (me !== null)
    for (const m of targets) {
      const key = lotKey(m.city, lotOfCard(view, me, m.card));
      highlighted.add(key);
      // A lot is offered when one build (card and piece chosen, or the only ones left) goes there.
      if (card !== null && piece !== null) targetAt.set(key, m);
    }
  return {
    builds,
    selects: legalMoves.filter((m): m is Select => m.type === 'select'),
    discards: legalMoves.filter((m): m is Discard => m.type === 'discard'),
    canSkip: legalMoves.some((m) => m.type === 'skip'),
    any: legalMoves.length > 0,
    cards,
    pieces,
    card,
    piece,
    targetAt,
    highlighted,
  };
}

/** Why a card, or a lot, not offered now cannot be chosen (null: nothing to say, as to a spectator). */
export function whyNot(
  what: 'card' | 'lot',
  {
    view,
    draft,
    t,
    names,
    status,
  }: { view: ManhattanView; draft: Draft; t: T; names: string[]; status: BoardProps['status'] },
): string | null {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  if (me === null || view.phase === 'over') return null;
  if (!draft.any) return waitingReason(t, names, status, me);
  if (draft.selects.length > 0) return t('why.piecesFirst');
  if (draft.discards.length > 0) return t('why.discardFirst');
  if (draft.builds.length === 0) return t('why.wait');
  if (what === 'card') return t('why.cardNoLot');
  return draft.card === null || draft.piece === null ? t('why.cardFirst') : t('why.notThere');
}

/** Each lot ("city:lot") just built on, with who built there: the seats' latest builds. */
export function justBuiltAt(view: ManhattanView, recent: BoardProps['recent']): Map<string, number> {
  const built = new Map<string, number>();
  for (const { seat, move } of recent ?? [])
    if (move.type === 'build')
      built.set(lotKey(Number(move.city), lotOfCard(view, seat, Number(move.card))), seat);
  return built;
}
