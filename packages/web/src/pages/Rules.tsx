import { CLIENT_GAMES, clientGame, type RulesSection, type RulesText } from '@skyline/games/client';
import { useEffect, useState } from 'react';
import { Link } from '../components.js';
import { useI18n, type Lang } from '../i18n.js';

/** The anchor of one section of a game's rules, for the table of contents. */
const sectionId = (game: string, k: number) => `rules-${game}-${k + 1}`;

/** The rules pages of `games` in `lang`, each from its game's package (`text/rules.<lang>.json`), once all have come. */
function useRulesTexts(games: readonly string[], lang: Lang): Map<string, RulesText> | null {
  const wanted = games.join(' ');
  const [texts, setTexts] = useState<{ key: string; rules: Map<string, RulesText> } | null>(null);
  const key = `${lang} ${wanted}`;
  useEffect(() => {
    let live = true;
    const ids = wanted.split(' ');
    const games = CLIENT_GAMES.filter((entry) => ids.includes(entry.id));
    Promise.all(games.map(async ({ id, rules }) => [id, await rules[lang]()] as const)).then(
      (loaded) => {
        if (live) setTexts({ key, rules: new Map(loaded) });
      },
      (error: unknown) => console.warn(error),
    );
    return () => {
      live = false;
    };
  }, [key, wanted, lang]);
  return texts?.key === key ? texts.rules : null;
}

export function Rules({ game }: { game?: string | undefined }) {
  const { t, lang } = useI18n();
  const single = game && clientGame(game) ? game : undefined;
  const shown = single ? [single] : CLIENT_GAMES.map((g) => g.id);
  const texts = useRulesTexts(shown, lang);
  return (
    <div className="rules">
      <h1>{t('rules.title')}</h1>
      <nav className="rules-nav" aria-label={t('rules.title')}>
        {CLIENT_GAMES.map(({ id, text }) => (
          <Link key={id} to={`/rules/${id}`}>
            {text[lang].title}
          </Link>
        ))}
      </nav>
      {texts === null ? (
        <p aria-busy="true">…</p>
      ) : (
        shown.map((id) => {
          const rules = texts.get(id);
          const title = clientGame(id)?.text[lang].title;
          if (!rules || title === undefined) return null;
          const sections = rules.sections;
          return (
            <article key={id} className="card" id={`rules-${id}`}>
              <h2>
                {title} <span className="muted">({rules.players})</span>
              </h2>
              {hasTutorial(id, lang) && (
                <p className="tutorial-link">
                  <Link to={`/tutorial/${id}`}>{t('tutorial.link')}</Link>
                </p>
              )}
              {single ? (
                <nav className="rules-toc" aria-label={title}>
                  <ol>
                    {sections.map((section, k) => (
                      <li key={k}>
                        <a href={`#${sectionId(id, k)}`}>{section.heading}</a>
                      </li>
                    ))}
                  </ol>
                </nav>
              ) : null}
              {sections.map((section, k) => (
                <Section key={k} id={sectionId(id, k)} section={section} />
              ))}
            </article>
          );
        })
      )}
    </div>
  );
}

/**
 * Whether the game has a tutorial, from its words alone (its `<id>.tut.title`): the registry, which holds the
 * tutorials, is loaded by the tutorial's page only; the registry's test checks that each tutorial has its title.
 */
function hasTutorial(id: string, lang: Lang): boolean {
  const words: Readonly<Record<string, string>> | undefined = clientGame(id)?.text[lang].words;
  return words?.[`${id}.tut.title`] !== undefined;
}

function Section({ id, section }: { id: string; section: RulesSection }) {
  return (
    <section className="rules-section" id={id}>
      <h3>{section.heading}</h3>
      {section.paragraphs.map((text, k) => (
        <p key={k}>{text}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((text, k) => (
            <li key={k}>{text}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
