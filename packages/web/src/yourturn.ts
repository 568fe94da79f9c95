/**
 * Your turn, everywhere: how many games await this player (`GET /api/my/turns`, asked every 30 s, when the page comes
 * back into view, and when a table open here moves on), in the page title (`(2) Skyline`) and the header; and, when
 * the player allows it, a browser notification with a short sound when a game newly awaits them while they look
 * elsewhere.
 */
import { useEffect, useRef, useState } from 'react';
import { http, type Connection } from './net.js';

/** A game awaiting the player's move (`GET /api/my/turns`). */
export interface AwaitingGame {
  id: string;
  title: string;
  waitingSince: number | null;
}

const NOTIFY_KEY = 'skyline.notify';

/** Whether the player asked for notifications (and the browser allows them). */
export function notificationsWanted(): boolean {
  try {
    return (
      localStorage.getItem(NOTIFY_KEY) === '1' &&
      'Notification' in window &&
      Notification.permission === 'granted'
    );
  } catch {
    return false;
  }
}

/** Turns notifications on (asking the browser's permission) or off; resolves to whether they are on. */
export async function setNotifications(on: boolean): Promise<boolean> {
  try {
    if (!on) {
      localStorage.setItem(NOTIFY_KEY, '0');
      return false;
    }
    if (!('Notification' in window)) return false;
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    localStorage.setItem(NOTIFY_KEY, permission === 'granted' ? '1' : '0');
    return permission === 'granted';
  } catch {
    return false;
  }
}

/** A short, quiet sound (two notes), where the browser lets pages play one. */
function chime(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    gain.connect(audio.destination);
    [660, 880].forEach((frequency, k) => {
      const note = audio.createOscillator();
      note.frequency.value = frequency;
      note.connect(gain);
      note.start(audio.currentTime + k * 0.12);
      note.stop(audio.currentTime + k * 0.12 + 0.1);
    });
    setTimeout(() => void audio.close(), 500);
  } catch {
    // no sound here
  }
}

/** The games awaiting the player, kept current; tells the title and, if wanted, notifies. */
export function useYourTurn(
  conn: Connection | null,
  message: (game: AwaitingGame) => { title: string; body: string },
  baseTitle = 'Skyline',
): AwaitingGame[] {
  const [games, setGames] = useState<AwaitingGame[]>([]);
  const seen = useRef<Set<string> | null>(null);
  const messageRef = useRef(message);
  messageRef.current = message;

  useEffect(() => {
    if (!conn) {
      setGames([]);
      seen.current = null;
      return;
    }
    let stopped = false;
    const look = async () => {
      try {
        const { games: awaiting } = await http<{ games: AwaitingGame[] }>('GET', '/api/my/turns');
        if (stopped) return;
        const before = seen.current;
        seen.current = new Set(awaiting.map((game) => game.id));
        setGames(awaiting);
        if (before === null || !notificationsWanted()) return;
        const here = /^\/t\/([a-z0-9]+)/.exec(window.location.pathname)?.[1];
        for (const game of awaiting) {
          if (before.has(game.id) || (game.id === here && !document.hidden)) continue;
          const { title, body } = messageRef.current(game);
          new Notification(title, { body, tag: `skyline-${game.id}` });
          chime();
        }
      } catch {
        // asked again at the next tick
      }
    };
    void look();
    const timer = setInterval(() => void look(), 30_000);
    const onVisible = () => {
      if (!document.hidden) void look();
    };
    document.addEventListener('visibilitychange', onVisible);
    // A table open here moved on: whether it awaits this player may have changed.
    let soon: ReturnType<typeof setTimeout> | null = null;
    const off = conn.on('table:update', () => {
      if (soon) return;
      soon = setTimeout(() => {
        soon = null;
        void look();
      }, 500);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      document.removeEventListener('visibilitychange', onVisible);
      off();
    };
  }, [conn]);

  useEffect(() => {
    document.title = games.length > 0 ? `(${games.length}) ${baseTitle}` : baseTitle;
  }, [games.length, baseTitle]);
  return games;
}
