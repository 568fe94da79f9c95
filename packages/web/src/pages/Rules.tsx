import { Link } from '../components.js';
import { useI18n } from '../i18n.js';
import { RULES, type RulesSection } from '../rules.js';

/** The anchor of one section of a game's rules, for the table of contents. */
const sectionId = (game: string, k: number) => `rules-${game}-${k + 1}`;

export function Rules({ game }: { game?: string | undefined }) {
  const { t, lang } = useI18n();
  const single = game && RULES[game] ? game : undefined;
  const shown = single ? [single] : Object.keys(RULES);
  return (
    <div className="rules">
      <h1>{t('rules.title')}</h1>
      <nav className="rules-nav" aria-label={t('rules.title')}>
        {Object.entries(RULES).map(([id, rules]) => (
          <Link key={id} to={`/rules/${id}`}>
            {rules.title}
          </Link>
        ))}
      </nav>
      {shown.map((id) => {
        const rules = RULES[id];
        if (!rules) return null;
        const sections = rules.sections[lang];
        return (
          <article key={id} className="card" id={`rules-${id}`}>
            <h2>
              {rules.title} <span className="muted">({rules.players})</span>
            </h2>
            {single ? (
              <nav className="rules-toc" aria-label={rules.title}>
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
      })}
    </div>
  );
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
