/**
 * Why the rules refuse an offer being drafted, in the player's words: the rules' own check (`draftProblem`, the one
 * the server makes) on the viewer's view, said in its language before anything is sent.
 */
import { draftProblem, type DraftProblem } from '@skyline/chinatown/trading';
import { seatName, type Lang } from '@skyline/board-kit';
import { bundleInput, type DraftSide } from './offerDraft.js';
import { kindName, money, type ChinatownView } from './pieces.js';
import type { T } from './words.js';

/** A problem in words. */
export function refusalWords(problem: DraftProblem, names: string[], t: T, lang: Lang): string {
  switch (problem.code) {
    case 'empty':
      return t('chinatown.refuse.empty');
    case 'lot':
      return t('chinatown.refuse.lot', { lot: problem.lot });
    case 'tiles':
      return t('chinatown.refuse.tiles', {
        have: problem.have,
        count: problem.count,
        kind: kindName(problem.kind, lang),
      });
    case 'money':
      return t('chinatown.refuse.money', {
        have: money(problem.have, lang),
        money: money(problem.money, lang),
      });
    case 'lotCard':
      return t('chinatown.refuse.lotCard', { card: problem.card });
    case 'theirLot':
      return t('chinatown.refuse.theirLot', { lot: problem.lot, name: seatName(names, problem.seat) });
    case 'theirTiles':
      return t('chinatown.refuse.theirTiles', {
        name: seatName(names, problem.seat),
        have: problem.have,
        count: problem.count,
        kind: kindName(problem.kind, lang),
      });
    case 'ownCard':
      return t('chinatown.refuse.ownCard', { card: problem.card });
    case 'cardGone':
      return t('chinatown.refuse.cardGone', { card: problem.card });
    case 'thousands':
      return t('chinatown.refuse.thousands', { step: money(1000, lang), twoSteps: money(2000, lang) });
    case 'unreadable':
      return t('chinatown.refuse.unreadable', { text: problem.text });
  }
}

/** Why the viewer's draft to seat `to` would be refused, in words, or null when the rules would take it. */
export function draftRefusal(
  view: ChinatownView,
  to: number,
  give: DraftSide,
  get: DraftSide,
  names: string[],
  t: T,
  lang: Lang,
): string | null {
  const problem = draftProblem(view, to, bundleInput(give), bundleInput(get));
  return problem && refusalWords(problem, names, t, lang);
}
