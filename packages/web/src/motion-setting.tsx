/**
 * The player's choice: whether moves are animated on the boards (pieces arriving, panels pulsing). Remembered in this
 * browser; off, the root carries `data-motion="off"`, which the stylesheet's `.arrive` rules read (as they read
 * `prefers-reduced-motion: reduce`, which turns them off whatever this says).
 */
import { useState } from 'react';
import { onUnlessTurnedOff } from './browser-choice.js';
import { ChoiceCheckbox } from './choice-checkbox.js';
import { useI18n } from './i18n.js';

const choice = onUnlessTurnedOff('skyline.motion');

/** Whether moves are animated: on unless the player turned it off. */
export const motionWanted = choice.wanted;

/** Puts the choice on the page's root, where the stylesheet reads it (at start, and on each change). */
export function applyMotion(on: boolean): void {
  if (on) delete document.documentElement.dataset.motion;
  else document.documentElement.dataset.motion = 'off';
}

/** Whether an animation is one of a move arriving (`.arrive-*` in the stylesheet, the board kit's Arrive.tsx). */
function isArrival(animation: Animation): boolean {
  return typeof CSSAnimation !== 'undefined' && animation instanceof CSSAnimation
    ? animation.animationName.startsWith('arrive-')
    : false;
}

/**
 * Arrivals are skippable: any key or press (a player who has seen enough, or is already choosing the next move) brings
 * every arrival under way to its end at once, the final state that is drawn from the start.
 */
export function skipArrivalsOnInput(): void {
  const skip = () => {
    for (const animation of document.getAnimations()) if (isArrival(animation)) animation.finish();
  };
  window.addEventListener('keydown', skip, { capture: true, passive: true });
  window.addEventListener('pointerdown', skip, { capture: true, passive: true });
}

export function MotionSetting({ className }: { className?: string }) {
  const { t } = useI18n();
  const [on, setOn] = useState(motionWanted);
  return (
    <ChoiceCheckbox
      className={className}
      checked={on}
      testId="motion"
      label={t('motion.setting')}
      onChange={(wanted) => {
        choice.set(wanted);
        applyMotion(wanted);
        setOn(wanted);
      }}
    />
  );
}
