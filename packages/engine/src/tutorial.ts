/**
 * A tutorial: a first game against a bot on a fixed deal, played through the real rules (docs/tutorials.md). Every
 * chance move and every bot move is written down in advance, so the game goes the same way each time; at each of
 * the learner's turns a lesson says what to do and why, points at the place on the board, and accepts only its own
 * move: any other choice is answered with the reason it is not the one now, and is not played.
 *
 * Pure data and pure functions, like the rest of the engine: the web client plays it in the browser (as the replay
 * viewer does), the registry's test plays each game's tutorial to its end (`checkTutorial`).
 */
import { CHANCE, type Actor, type AnyGame, type LogEntry, type Seat } from './contract.js';

/** Another choice the learner may try, and the words that answer it (`when`: the fields that pick it out). */
export interface Refusal {
  when: Readonly<Record<string, unknown>>;
  /** A key of the game's words (`nyny.tut.*`). */
  say: string;
}

/** One step the learner makes, with the coach's words. Keys are the game's words (`<game>.tut.*`), in each language. */
export interface Lesson<M = unknown> {
  /** The one move this lesson accepts. */
  move: M;
  /** What to do. */
  say: string;
  /** Why it is a good move. */
  why: string;
  /**
   * Where on the board the move is made: CSS selectors of elements of the game's own board (its `ui/`), which the
   * coach outlines (the tile to play, the position it goes to...). Empty: the coach points at nothing.
   */
  places: readonly string[];
  /** Particular other choices and their answers, the first that matches wins. */
  refusals?: readonly Refusal[];
  /** The answer to any other choice. */
  wrong: string;
}

/** One entry of the script: a chance move, a bot's move, or a lesson for the learner. */
export type TutorialStep<M = unknown, C = unknown> =
  { chance: C } | { seat: Seat; move: M } | { seat: Seat; lesson: Lesson<M> };

export interface Tutorial<M = unknown, C = unknown> {
  /** The game's id. */
  game: string;
  players: number;
  /** The table's options (parsed by the game: every default filled in). */
  options: Readonly<Record<string, unknown>>;
  /** The seat the learner plays; every other seat is a bot that plays the script's moves. */
  learner: Seat;
  /** Words keys: what the coach says before the first lesson, and once the game is over. */
  intro: string;
  done: string;
  /** The whole game, in order: the deal, the bot's moves and the lessons. The game is over after the last one. */
  steps: readonly TutorialStep<M, C>[];
}

export type AnyTutorial = Tutorial<unknown, unknown>;

/** Where a tutorial stands: the state after `log`, and the script's next step (`steps.length` when all are played). */
export interface TutorialProgress {
  state: unknown;
  log: LogEntry[];
  next: number;
}

/** The answer to a move the learner tried: played (the game moved on to the next lesson), or refused with words. */
export type LessonAnswer = { ok: true; progress: TutorialProgress } | { ok: false; say: string };

/**
 * The lesson writer of a game's script: `lesson(key, move, places, more)` is the learner's step whose words are the
 * game's `<game>.tut.<key>`, `….why` and `….wrong` (docs/tutorials.md); `more` adds refusals or other words.
 */
export function lessonWriter<M>(game: string, learner: Seat) {
  return (
    key: string,
    move: M,
    places: readonly string[],
    more: Partial<Lesson<M>> = {},
  ): { seat: Seat; lesson: Lesson<M> } => ({
    seat: learner,
    lesson: {
      move,
      say: `${game}.tut.${key}`,
      why: `${game}.tut.${key}.why`,
      wrong: `${game}.tut.${key}.wrong`,
      places,
      ...more,
    },
  });
}

export function isLesson<M, C>(
  step: TutorialStep<M, C> | undefined,
): step is { seat: Seat; lesson: Lesson<M> } {
  return step !== undefined && 'lesson' in step;
}

/** Whether `move` has every field of `pattern` with the same value (compared as JSON). */
export function movesMatch(pattern: unknown, move: unknown): boolean {
  if (typeof pattern !== 'object' || pattern === null)
    return JSON.stringify(pattern) === JSON.stringify(move);
  if (typeof move !== 'object' || move === null) return false;
  const fields = move as Record<string, unknown>;
  return Object.entries(pattern).every(
    ([key, value]) => JSON.stringify(fields[key]) === JSON.stringify(value),
  );
}

/** Whether `move` is exactly `expected`: the same fields, the same values. */
function sameMove(expected: unknown, move: unknown): boolean {
  return movesMatch(expected, move) && movesMatch(move, expected);
}

/** Applies the script's step `progress.next` (not a lesson's move: the learner makes those), or throws why not. */
function applyScripted(game: AnyGame, tutorial: AnyTutorial, progress: TutorialProgress): void {
  const step = tutorial.steps[progress.next];
  if (step === undefined || isLesson(step)) throw new Error('no scripted step to play here');
  const actor: Actor = 'chance' in step ? CHANCE : step.seat;
  const move = 'chance' in step ? step.chance : step.move;
  const reason = game.validate(progress.state, actor, move);
  if (reason !== null) throw new Error(`step ${progress.next}: ${reason}`);
  game.applyInPlace(progress.state, actor, move);
  progress.log.push('chance' in step ? { chance: move } : { seat: step.seat, move });
  progress.next++;
}

/** Plays the script's chance and bot moves up to the next lesson (or the end), in place. */
function playToLesson(game: AnyGame, tutorial: AnyTutorial, progress: TutorialProgress): void {
  while (progress.next < tutorial.steps.length && !isLesson(tutorial.steps[progress.next])) {
    applyScripted(game, tutorial, progress);
  }
}

/** A tutorial's game from its start to its first lesson. Throws when the script does not fit the rules. */
export function beginTutorial(game: AnyGame, tutorial: AnyTutorial): TutorialProgress {
  const parsed = game.parseOptions(tutorial.players, tutorial.options);
  if (!parsed.ok) throw new Error(`tutorial options: ${parsed.reason}`);
  const progress: TutorialProgress = {
    state: game.setup(tutorial.players, parsed.options),
    log: [],
    next: 0,
  };
  playToLesson(game, tutorial, progress);
  return progress;
}

/** The lesson awaiting the learner, or null once the script is played out. */
export function currentLesson(tutorial: AnyTutorial, progress: TutorialProgress): Lesson | null {
  const step = tutorial.steps[progress.next];
  return isLesson(step) ? step.lesson : null;
}

/** The words that answer `move`, tried instead of `lesson.move`: its first matching refusal, else `wrong`. */
export function refusalOf(lesson: Lesson, move: unknown): string {
  return lesson.refusals?.find((refusal) => movesMatch(refusal.when, move))?.say ?? lesson.wrong;
}

/**
 * The learner tries `move` at the current lesson: the lesson's own move is played, with the bot's moves after it up
 * to the next lesson (a new progress; the given one is untouched); any other move is refused with its words.
 */
export function tryLesson(
  game: AnyGame,
  tutorial: AnyTutorial,
  progress: TutorialProgress,
  move: unknown,
): LessonAnswer {
  const step = tutorial.steps[progress.next];
  if (!isLesson(step)) return { ok: false, say: tutorial.done };
  if (!sameMove(step.lesson.move, move)) return { ok: false, say: refusalOf(step.lesson, move) };
  const next: TutorialProgress = {
    state: game.clone(progress.state),
    log: [...progress.log],
    next: progress.next,
  };
  const reason = game.validate(next.state, step.seat, move);
  if (reason !== null) throw new Error(`lesson at step ${progress.next}: ${reason}`);
  game.applyInPlace(next.state, step.seat, move);
  next.log.push({ seat: step.seat, move });
  next.next++;
  playToLesson(game, tutorial, next);
  return { ok: true, progress: next };
}

/**
 * What is wrong with a tutorial, or an empty list: every step fits the rules (a chance move when chance is awaited,
 * each move legal for its seat, the learner's only in lessons and the bots' never), every refusal names a move the
 * learner could make instead, and the game is over after the last step.
 */
export function checkTutorial(game: AnyGame, tutorial: AnyTutorial): string[] {
  const problems: string[] = [];
  if (tutorial.game !== game.id) problems.push(`the tutorial is for "${tutorial.game}", not "${game.id}"`);
  const parsed = game.parseOptions(tutorial.players, tutorial.options);
  if (!parsed.ok) return [...problems, `options: ${parsed.reason}`];
  const state = game.setup(tutorial.players, parsed.options);
  tutorial.steps.forEach((step, index) => {
    if (problems.length > 0) return;
    const actor: Actor = 'chance' in step ? CHANCE : step.seat;
    const move = 'chance' in step ? step.chance : 'lesson' in step ? step.lesson.move : step.move;
    if (!game.active(state).includes(actor)) {
      problems.push(
        `step ${index}: ${String(actor)} moves, but ${JSON.stringify(game.active(state))} is awaited`,
      );
      return;
    }
    if ('seat' in step && (step.seat === tutorial.learner) !== isLesson(step)) {
      problems.push(`step ${index}: the learner moves only in lessons, and only the learner has lessons`);
      return;
    }
    if (isLesson(step)) {
      for (const refusal of step.lesson.refusals ?? []) {
        const other = game.legalMoves(state, step.seat).find((legal) => movesMatch(refusal.when, legal));
        if (other === undefined || sameMove(step.lesson.move, other))
          problems.push(`step ${index}: refusal ${JSON.stringify(refusal.when)} matches no other legal move`);
      }
    }
    const reason = game.validate(state, actor, move);
    if (reason !== null) {
      problems.push(`step ${index}: ${reason}`);
      return;
    }
    game.applyInPlace(state, actor, move);
  });
  if (problems.length === 0 && !game.status(state).over)
    problems.push('the game is not over after the last step');
  return problems;
}

/** The lessons of a tutorial, in order. */
export function lessonsOf<M, C>(tutorial: Tutorial<M, C>): Lesson<M>[] {
  return tutorial.steps.filter((step) => isLesson(step)).map((step) => step.lesson);
}
