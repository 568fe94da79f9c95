/**
 * Every game's tutorial (docs/tutorials.md), played through the real rules: the script fits them and ends the game,
 * the learner wins it, each lesson accepts its own move and refuses every other legal move with words that exist in
 * English and French, and the coach never says a word that the game's texts lack.
 */
import { readFileSync } from 'node:fs';
import {
  beginTutorial,
  checkTutorial,
  currentLesson,
  lessonsOf,
  refusalOf,
  tryLesson,
  type AnyTutorial,
  type TutorialProgress,
} from '@skyline/engine';
import { describe, expect, it } from 'vitest';
import { tutorialEntries, type GameEntry } from '../src/index.js';

function wordsOf(game: string, lang: 'en' | 'fr'): Record<string, string> {
  const url = new URL(`../../${game}/text/${lang}.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { words: Record<string, string> }).words;
}

/** Every key the coach may say in `tutorial`. */
function keysOf(tutorial: AnyTutorial): string[] {
  const keys = [tutorial.intro, tutorial.done, `${tutorial.game}.tut.title`];
  for (const lesson of lessonsOf(tutorial))
    keys.push(lesson.say, lesson.why, lesson.wrong, ...(lesson.refusals ?? []).map((refusal) => refusal.say));
  return keys;
}

/** Each lesson's progress, in order, and the progress after the last one. */
function walk(
  entry: GameEntry,
  tutorial: AnyTutorial,
): { lessons: TutorialProgress[]; end: TutorialProgress } {
  const lessons: TutorialProgress[] = [];
  let progress = beginTutorial(entry.game, tutorial);
  for (let lesson = currentLesson(tutorial, progress); lesson; lesson = currentLesson(tutorial, progress)) {
    lessons.push(progress);
    const answer = tryLesson(entry.game, tutorial, progress, lesson.move);
    if (!answer.ok) throw new Error(`lesson ${lessons.length} refused its own move: ${answer.say}`);
    progress = answer.progress;
  }
  return { lessons, end: progress };
}

describe.each(tutorialEntries().map((entry) => [entry.game.id, entry] as const))(
  '%s’s tutorial',
  (id, entry) => {
    const tutorial = entry.tutorial as AnyTutorial;

    it('plays legally through the real rules to the end of the game', () => {
      expect(checkTutorial(entry.game, tutorial)).toEqual([]);
    });

    it('is won by the learner, lesson after lesson', () => {
      const { lessons, end } = walk(entry, tutorial);
      expect(lessons.length).toBe(lessonsOf(tutorial).length);
      const status = entry.game.status(end.state);
      expect(status.over).toBe(true);
      expect(status.winners).toEqual([tutorial.learner]);
    });

    it('refuses every other legal move at each lesson with its words, and plays none of them', () => {
      const { lessons } = walk(entry, tutorial);
      /** The lessons whose move the rules force (no other choice to explain). */
      const forced: number[] = [];
      lessons.forEach((progress, index) => {
        const lesson = currentLesson(tutorial, progress);
        if (!lesson) throw new Error('no lesson');
        const others = entry.game
          .legalMoves(progress.state, tutorial.learner)
          .filter((move) => JSON.stringify(move) !== JSON.stringify(lesson.move));
        if (others.length === 0) forced.push(index + 1);
        const before = JSON.stringify(progress);
        for (const move of others) {
          expect(tryLesson(entry.game, tutorial, progress, move)).toEqual({
            ok: false,
            say: refusalOf(lesson, move),
          });
        }
        expect(JSON.stringify(progress)).toBe(before);
      });
      // Each lesson has choices to explain, unless the rules leave none: the whole game is scripted, so a move they
      // force (Manhattan's last pieces, the six left in the reserve; Chinatown's Done once every lot of the learner's
      // is built) is a lesson too, but a rare one.
      expect(
        forced.length,
        `lessons ${forced.join(', ')} offer no other choice to explain`,
      ).toBeLessThanOrEqual(Math.floor(lessons.length / 4));
    });

    it('says only words the game has in English and in French', () => {
      for (const lang of ['en', 'fr'] as const) {
        const words = wordsOf(id, lang);
        const missing = keysOf(tutorial).filter((key) => !words[key]);
        expect(missing, `${lang}.json`).toEqual([]);
      }
    });

    it('points each lesson at some place on the board', () => {
      for (const lesson of lessonsOf(tutorial)) expect(lesson.places.length).toBeGreaterThan(0);
    });
  },
);
