/**
 * The newcomer's offer of a tutorial (docs/tutorials.md): shown to a visitor who is not signed in, until they follow
 * it or say no thanks; either is remembered in this browser (`skyline.tutorialOffer`). Where the storage is
 * unavailable (a private window), closing it holds for the page only.
 */
import { useState } from 'react';
import { Link } from './components.js';
import { useI18n } from './i18n.js';

const KEY = 'skyline.tutorialOffer';

function offerMade(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The offer is not made again in this browser. */
export function rememberTutorialOffer(): void {
  try {
    localStorage.setItem(KEY, 'done');
  } catch {
    // not remembered: the offer comes back on the next visit
  }
}

export function TutorialOffer() {
  const { t } = useI18n();
  const [closed, setClosed] = useState(false);
  // Read at each render: the tutorials' pages remember the offer as followed, and the page comes back here after.
  if (closed || offerMade()) return null;
  const close = () => {
    rememberTutorialOffer();
    setClosed(true);
  };
  return (
    <aside className="tutorial-offer card" aria-label={t('tutorial.title')} data-testid="tutorial-offer">
      <p>{t('tutorial.offer')}</p>
      <p className="tutorial-offer-actions">
        <Link to="/tutorial" className="button primary">
          {t('tutorial.offerGo')}
        </Link>
        <button type="button" onClick={close} data-testid="tutorial-offer-close">
          {t('tutorial.offerClose')}
        </button>
      </p>
    </aside>
  );
}
