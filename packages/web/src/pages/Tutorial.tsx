/**
 * The tutorials (docs/tutorials.md): `/tutorial` lists the games that have one, `/tutorial/<game>` plays it in the
 * browser, with the game's own board and its own rules (as the replay viewer does: no server, no account). The coach
 * beside the board says the lesson and why, outlines its place on the board, and answers any other choice with its
 * reason: that move is not played (`tryLesson`, packages/engine/src/tutorial.ts).
 */
import { recentMoves, type LogEntry } from '@skyline/board-kit';
import {
  beginTutorial,
  currentLesson,
  lessonsOf,
  tryLesson,
  type AnyGame,
  type AnyTutorial,
  type Lesson,
  type TutorialProgress,
} from '@skyline/engine';
import { entryOf, tutorialEntries } from '@skyline/games';
import { clientGame } from '@skyline/games/client';
import { publicStatusOf } from '@skyline/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../components.js';
import { useKeepFocus } from '../focus.js';
import { GenericBoard, useGameUi } from '../games/index.js';
import { useI18n, type Key } from '../i18n.js';
import { GameSeatPanels } from './GameSeatPanels.js';
import { rememberTutorialOffer } from '../tutorial-offer.js';

/** A game's title in the page's language (its id where the client does not know it). */
function useTitle(): (game: string) => string {
  const { lang } = useI18n();
  return (game) => clientGame(game)?.text[lang].title ?? game;
}

/** `/tutorial`: one link per game that has a tutorial, in the platform's order. */
export function TutorialsPage() {
  const { t } = useI18n();
  const title = useTitle();
  // Whoever came here has followed the newcomer's offer: it is not made again.
  useEffect(() => rememberTutorialOffer(), []);
  const games = tutorialEntries().map((entry) => entry.game.id);
  return (
    <div className="tutorials">
      <h1>{t('tutorial.title')}</h1>
      <p>{t('tutorial.intro')}</p>
      {games.length === 0 ? (
        <p className="muted">{t('tutorial.none')}</p>
      ) : (
        <ul className="tutorial-list" data-testid="tutorial-list">
          {games.map((game) => (
            <li key={game}>
              <Link to={`/tutorial/${game}`} className="button primary">
                {t('tutorial.start', { game: title(game) })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `/tutorial/<game>`: the game's tutorial, or a word and the list when it has none. */
export function TutorialPage({ game }: { game: string }) {
  const { t } = useI18n();
  const entry = entryOf(game);
  if (!entry?.tutorial)
    return (
      <div className="tutorials">
        <h1>{t('tutorial.title')}</h1>
        <p role="alert">{t('tutorial.unknown')}</p>
        <Link to="/tutorial">{t('tutorial.others')}</Link>
      </div>
    );
  return <TutorialGame key={game} game={entry.game} tutorial={entry.tutorial} />;
}

function TutorialGame({ game, tutorial }: { game: AnyGame; tutorial: AnyTutorial }) {
  const { t, lang } = useI18n();
  const title = useTitle();
  const ui = useGameUi(game.id);
  const [progress, setProgress] = useState<TutorialProgress>(() => beginTutorial(game, tutorial));
  /** The words that answered the learner's last other choice, until the next move or a new one. */
  const [refused, setRefused] = useState<{ say: string; count: number } | null>(null);
  const lessons = useMemo(() => lessonsOf(tutorial), [tutorial]);
  const lesson = currentLesson(tutorial, progress);
  const number = lesson ? lessons.indexOf(lesson) + 1 : lessons.length;
  const page = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => rememberTutorialOffer(), []);
  usePlaces(board, lesson);
  // A move takes away the tile that made it: the focus goes on to the next choice, as at a table.
  useKeepFocus(page, wrap);

  if (!ui) return <p aria-busy="true">…</p>;
  const Board = ui.Board ?? GenericBoard;
  const learner = tutorial.learner;
  // With two bots or more, each is numbered (Bot 1, Bot 2), as the lessons name them.
  const names = Array.from({ length: tutorial.players }, (_, seat) =>
    seat === learner
      ? t('tutorial.you')
      : tutorial.players > 2
        ? `${t('tutorial.bot')} ${seat < learner ? seat + 1 : seat}`
        : t('tutorial.bot'),
  );
  const status = game.status(progress.state);
  const say = (key: string) => t(key as Key);

  const send = (move: unknown) => {
    const answer = tryLesson(game, tutorial, progress, move);
    if (answer.ok) {
      setProgress(answer.progress);
      setRefused(null);
    } else {
      // Counted, so that the same refusal said twice is announced twice.
      setRefused((last) => ({ say: answer.say, count: (last?.count ?? 0) + 1 }));
    }
  };
  const restart = () => {
    setProgress(beginTutorial(game, tutorial));
    setRefused(null);
  };

  return (
    <div className="tutorial-page" ref={page}>
      <div className="table-head">
        <Link to="/tutorial">{t('tutorial.others')}</Link>
        <h1>{say(`${game.id}.tut.title`)}</h1>
      </div>
      <div className="tutorial-body">
        <div className="tutorial-board" ref={board}>
          {/* The box the board's keys work in (`board-wrap`, as at a table): focused, it hands on to the choice asked. */}
          <div data-testid="board-wrap" tabIndex={-1} ref={wrap}>
            <Board
              view={game.view(progress.state, learner)}
              legalMoves={lesson ? [...game.legalMoves(progress.state, learner)] : []}
              viewer={learner}
              names={names}
              status={publicStatusOf(status)}
              send={send}
              t={t}
              lang={lang}
              recent={recentMoves(progress.log as LogEntry[], learner, 1, ui.together === true)}
            />
          </div>
          <GameSeatPanels
            ui={ui}
            view={game.view(progress.state, learner)}
            names={names}
            active={game.active(progress.state).filter((actor): actor is number => typeof actor === 'number')}
            me={learner}
          />
        </div>
        {/* Focusable: on a phone the coach is a box that scrolls by itself, which the keyboard must reach too. */}
        <aside className="coach card" aria-labelledby="coach-title" data-testid="coach" tabIndex={0}>
          <h2 id="coach-title">
            {t('tutorial.coach')}{' '}
            <span className="muted">{t('tutorial.lesson', { n: number, of: lessons.length })}</span>
          </h2>
          {/* First, where a phone's coach box shows it without scrolling: the answer to the choice just tried. */}
          <p className="coach-refused" role="status" data-testid="coach-refused">
            {refused && (
              // Each game's refusals say themselves that the choice is not the one ("Not that one: …").
              <span key={refused.count}>{say(refused.say)}</span>
            )}
          </p>
          {lesson ? (
            <>
              <p className="coach-say" data-testid="coach-say" aria-live="polite">
                <strong>{say(lesson.say)}</strong>
              </p>
              <p data-testid="coach-why">
                <span className="coach-label">{t('tutorial.why')} </span>
                {say(lesson.why)}
              </p>
              {/* After the lesson, not before it: on a phone the coach's box shows its first lines without scrolling. */}
              {number === 1 && (
                <p className="muted" data-testid="coach-intro">
                  {say(tutorial.intro)}
                </p>
              )}
            </>
          ) : (
            <div data-testid="coach-done" aria-live="polite">
              <p>
                <strong>{say(tutorial.done)}</strong>
              </p>
              <p className="coach-next">
                <button type="button" onClick={restart}>
                  {t('tutorial.again')}
                </button>
                <Link to="/" className="button primary">
                  {t('tutorial.play')}
                </Link>
                <Link to={`/rules/${game.id}`}>{t('tutorial.rules', { game: title(game.id) })}</Link>
              </p>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The class that outlines a lesson's places on the board (styles.css). */
const PLACE = 'tutorial-place';

/**
 * Outlines the lesson's places (CSS selectors of the game's board) after every render: the board draws its parts
 * anew as the game moves on, so the outline is put back on whatever element now matches.
 */
function usePlaces(board: React.RefObject<HTMLDivElement | null>, lesson: Lesson | null): void {
  useEffect(() => {
    const root = board.current;
    if (!root) return;
    const mark = () => {
      for (const old of root.querySelectorAll(`.${PLACE}`)) old.classList.remove(PLACE);
      for (const selector of lesson?.places ?? [])
        for (const element of root.querySelectorAll(selector)) element.classList.add(PLACE);
    };
    mark();
    // The board may redraw by itself (a pointer on a tile), or set an element's classes anew (a card chosen, which
    // would wipe the outline off it): the outline follows.
    const watch = { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] };
    const observer = new MutationObserver(() => {
      observer.disconnect();
      mark();
      observer.observe(root, watch);
    });
    observer.observe(root, watch);
    return () => {
      observer.disconnect();
      for (const old of root.querySelectorAll(`.${PLACE}`)) old.classList.remove(PLACE);
    };
  });
}
