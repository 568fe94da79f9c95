/**
 * The player's choice: whether moves are animated on the boards (pieces arriving, panels pulsing). Remembered in this
 * browser; off, the root carries `data-motion="off"`, which the stylesheet's `.arrive` rules read (as they read
 * `prefers-reduced-motion: reduce`, which turns them off whatever this says).
 */
import { useState } from 'react';
import { useI18n } from './i18n.js';

const MOTION_KEY = 'skyline.motion';

export function motionWanted(): boolean {
  try {
    return localStorage.getItem(MOTION_KEY) !== 'off';
  } catch {
    return true; // storage unavailable (private mode): the default, animated
  }
}

/** Puts the choice on the page's root, where the stylesheet reads it (at start, and on each change). */
export function applyMotion(on: boolean): void {
  if (on) delete document.documentElement.dataset.motion;
  else document.documentElement.dataset.motion = 'off';
}

export function MotionSetting({ className = 'card' }: { className?: string }) {
  const { t } = useI18n();
  const [on, setOn] = useState(motionWanted);
  return (
    <div className={className}>
      <label>
        <input
          type="checkbox"
          checked={on}
          data-testid="motion"
          onChange={(event) => {
            const wanted = event.target.checked;
            try {
              localStorage.setItem(MOTION_KEY, wanted ? 'on' : 'off');
            } catch {
              // not remembered, still applied to this page
            }
            applyMotion(wanted);
            setOn(wanted);
          }}
        />{' '}
        {t('motion.setting')}
      </label>
    </div>
  );
}
