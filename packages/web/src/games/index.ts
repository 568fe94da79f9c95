/**
 * Each game's client side, from the games' client registry (`@skyline/games/client`): its board and its log in
 * words, loaded when first needed, each in a chunk of its own (its options as form inputs: `form-options.ts`).
 */
import { GenericBoard, type GameUi, type KitKey } from '@skyline/board-kit';
import { clientGame, type GameKey } from '@skyline/games/client';
import { useEffect, useState } from 'react';

export type Ui = GameUi<GameKey | KitKey>;

/** A game this client has no board for: its legal moves as buttons, its log entries as they come. */
const NONE: Ui = {};

const loaded = new Map<string, Ui>();
const loading = new Map<string, Promise<Ui>>();

/** A game's client side, loaded once (the same promise for every caller); nothing for a game this client does not know. */
export function loadGameUi(game: string): Promise<Ui> {
  let promise = loading.get(game);
  if (!promise) {
    const entry = clientGame(game);
    promise = entry
      ? entry.ui().then((ui) => {
          loaded.set(game, ui);
          return ui;
        })
      : Promise.resolve(NONE);
    loading.set(game, promise);
    // A failed load (the network) may be tried again by the next page that asks.
    promise.catch(() => loading.delete(game));
  }
  return promise;
}

/**
 * A game's client side for a page: at once if already loaded (`preloadGameUis`), else undefined until its chunk has
 * come (the page says it is loading meanwhile).
 */
export function useGameUi(game: string): Ui | undefined {
  const known = clientGame(game) !== undefined;
  const [, setCame] = useState<string | null>(null);
  const ui = known ? loaded.get(game) : NONE;
  useEffect(() => {
    if (ui) return;
    let live = true;
    loadGameUi(game).then(
      () => {
        if (live) setCame(game);
      },
      (error: unknown) => console.warn(error),
    );
    return () => {
      live = false;
    };
  }, [game, ui]);
  return ui;
}

export { GenericBoard };
