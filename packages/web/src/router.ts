import { useEffect, useState } from 'react';
import { DEFAULT_GAME } from '@skyline/games/client';

/**
 * A tiny history router: `/`, `/t/ID` (a table), `/replay/ID`, `/review/ID` (the bots' review), `/games` (my games), `/rules`, `/tutorial` and `/tutorial/GAME` (docs/tutorials.md), `/p/NAME` (a player's
 * profile), `/leaderboard/GAME`, `/tournaments`, `/tournaments/ID`, `/register` (creating an account), `/settings`,
 * and the pages the e-mails link to: `/password/forgot`, `/password/reset#TOKEN`, `/email/confirm#TOKEN`,
 * `/unsubscribe#u=ID&s=SIGNATURE`; `/admin`, the operator's page.
 */
export type Route =
  | { page: 'lobby' }
  | { page: 'table'; id: string }
  | { page: 'mygames' }
  | { page: 'replay'; id: string }
  | { page: 'review'; id: string }
  | { page: 'rules'; game?: string }
  | { page: 'tutorials' }
  | { page: 'tutorial'; game: string }
  | { page: 'profile'; name: string }
  | { page: 'leaderboard'; game: string }
  | { page: 'tournaments' }
  | { page: 'tournament'; id: string }
  | { page: 'register' }
  | { page: 'settings' }
  | { page: 'forgot' }
  | { page: 'reset' }
  | { page: 'confirm' }
  | { page: 'unsubscribe' }
  | { page: 'invite' }
  | { page: 'admin' };

/** The pages of the account and of the links sent by e-mail (the links' tokens are in the fragment, after `#`). */
const ACCOUNT_PAGES: Record<string, Route> = {
  '/settings': { page: 'settings' },
  '/password/forgot': { page: 'forgot' },
  '/password/reset': { page: 'reset' },
  '/email/confirm': { page: 'confirm' },
  '/unsubscribe': { page: 'unsubscribe' },
  // An invitation link: `/invite#TOKEN` (friends.tsx).
  '/invite': { page: 'invite' },
};

export function parseRoute(path: string): Route {
  const table = /^\/t\/([a-z0-9]{1,16})\/?$/.exec(path);
  if (table) return { page: 'table', id: table[1] as string };
  if (path === '/games') return { page: 'mygames' };
  if (/^\/register\/?$/.test(path)) return { page: 'register' };
  if (/^\/admin\/?$/.test(path)) return { page: 'admin' };
  const account = ACCOUNT_PAGES[path.replace(/\/$/, '')];
  if (account) return account;
  if (/^\/tournaments\/?$/.test(path)) return { page: 'tournaments' };
  const tournament = /^\/tournaments\/([a-z0-9]{1,16})\/?$/.exec(path);
  if (tournament) return { page: 'tournament', id: tournament[1] as string };
  const review = /^\/review\/([a-z0-9]{1,16})\/?$/.exec(path);
  if (review) return { page: 'review', id: review[1] as string };
  const replay = /^\/replay\/([a-z0-9]{1,16})\/?$/.exec(path);
  if (replay) return { page: 'replay', id: replay[1] as string };
  const rules = /^\/rules(?:\/([a-z]+))?\/?$/.exec(path);
  if (rules) return rules[1] ? { page: 'rules', game: rules[1] } : { page: 'rules' };
  const tutorial = /^\/tutorial(?:\/([a-z]+))?\/?$/.exec(path);
  if (tutorial) return tutorial[1] ? { page: 'tutorial', game: tutorial[1] } : { page: 'tutorials' };
  const profile = /^\/p\/([^/]{1,80})\/?$/.exec(path);
  if (profile) {
    try {
      return { page: 'profile', name: decodeURIComponent(profile[1] as string) };
    } catch {
      return { page: 'lobby' }; // a broken escape: not a name
    }
  }
  const board = /^\/leaderboard(?:\/([a-z][a-z0-9]{0,31}))?\/?$/.exec(path);
  if (board) return { page: 'leaderboard', game: board[1] ?? DEFAULT_GAME };
  return { page: 'lobby' };
}

export function navigate(path: string): void {
  if (location.pathname === path) return;
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return route;
}
