import { Link } from '../components.js';
import { useI18n } from '../i18n.js';
import { RULES } from '../rules.js';

export function Rules({ game }: { game?: string | undefined }) {
  const { t, lang } = useI18n();
  const shown = game && RULES[game] ? [game] : Object.keys(RULES);
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
        return (
          <article key={id} className="card" id={`rules-${id}`}>
            <h2>
              {rules.title} <span className="muted">({rules.players})</span>
            </h2>
            {rules.paragraphs[lang].map((text, k) => (
              <p key={k}>{text}</p>
            ))}
          </article>
        );
      })}
    </div>
  );
}
