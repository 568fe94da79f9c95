/**
 * A yes-or-no choice of the player kept in this browser (`localStorage`), on unless the player turned it off: moves
 * confirmed before they are sent (`confirm-moves.ts`), moves animated (`motion-setting.tsx`). Where the storage is
 * unavailable (a private window), the choice is its default and a change holds for the page only.
 */
export interface BrowserChoice {
  wanted: () => boolean;
  set: (on: boolean) => void;
}

export function onUnlessTurnedOff(key: string): BrowserChoice {
  return {
    wanted: () => {
      try {
        return localStorage.getItem(key) !== 'off';
      } catch {
        return true;
      }
    },
    set: (on) => {
      try {
        localStorage.setItem(key, on ? 'on' : 'off');
      } catch {
        // not remembered: the page still follows the choice
      }
    },
  };
}
