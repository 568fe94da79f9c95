import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { adoptAccountChoice } from './play-settings.js';
import { CLIENT_GAMES, DEFAULT_GAME } from '@skyline/games/client';
import { Link } from './components.js';
import { loadGameUi } from './games/index.js';
import { I18nContext, initialLang, rememberLang, translate, useI18n, type Lang } from './i18n.js';
import { Connection, http, HttpError, type User } from './net.js';
import { saidOf, sayServer } from './server-words.js';
import { Lobby } from './pages/Lobby.js';
import { SignIn } from './pages/SignIn.js';
import { useRoute, type Route } from './router.js';
import { TutorialOffer } from './tutorial-offer.js';
import { useYourTurn } from './yourturn.js';

/**
 * A page loaded when it is first shown, in a chunk of its own: the first load carries the lobby and the sign-in only,
 * not the boards (the table page, the replay), the rules' texts or the other pages.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const loadTablePage = async () => (await import('./pages/Table.js')).TablePage;
const TablePage = lazyPage(loadTablePage);
const ReplayPage = lazyPage(async () => (await import('./pages/Replay.js')).ReplayPage);
const ReviewPage = lazyPage(async () => (await import('./pages/Review.js')).ReviewPage);
const MyGames = lazyPage(async () => (await import('./pages/MyGames.js')).MyGames);
const Rules = lazyPage(async () => (await import('./pages/Rules.js')).Rules);
const ProfilePage = lazyPage(async () => (await import('./pages/Profile.js')).ProfilePage);
const LeaderboardPage = lazyPage(async () => (await import('./pages/Leaderboard.js')).LeaderboardPage);
const TournamentsPage = lazyPage(async () => (await import('./pages/Tournaments.js')).TournamentsPage);
const TournamentPage = lazyPage(async () => (await import('./pages/Tournament.js')).TournamentPage);
const AccountPage = lazyPage(async () => (await import('./pages/Account.js')).AccountPage);
const SettingsPage = lazyPage(async () => (await import('./pages/Settings.js')).SettingsPage);
const ForgotPasswordPage = lazyPage(async () => (await import('./pages/EmailLinks.js')).ForgotPasswordPage);
const ResetPasswordPage = lazyPage(async () => (await import('./pages/EmailLinks.js')).ResetPasswordPage);
const ConfirmEmailPage = lazyPage(async () => (await import('./pages/EmailLinks.js')).ConfirmEmailPage);
const UnsubscribePage = lazyPage(async () => (await import('./pages/EmailLinks.js')).UnsubscribePage);
const InvitePage = lazyPage(async () => (await import('./friends.js')).InvitePage);
const TutorialsPage = lazyPage(async () => (await import('./pages/Tutorial.js')).TutorialsPage);
const TutorialPage = lazyPage(async () => (await import('./pages/Tutorial.js')).TutorialPage);
const AdminPage = lazyPage(async () => (await import('./pages/Admin.js')).AdminPage);

/** Runs `task` when the browser has nothing else to do (a timer where it cannot say); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 2000);
  return () => window.clearTimeout(handle);
}

/** What a page shows while its chunk loads: said politely to screen readers. */
function PageLoading() {
  const { t } = useI18n();
  return (
    <p className="muted" role="status" aria-live="polite" data-testid="page-loading">
      {t('app.loading')}
    </p>
  );
}

export function App() {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const i18n = useMemo(
    () => ({
      lang,
      t: (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
        translate(lang, key, params),
      setLang: (next: Lang) => {
        rememberLang(next);
        setLangState(next);
      },
    }),
    [lang],
  );
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <I18nContext.Provider value={i18n}>
      <Shell />
    </I18nContext.Provider>
  );
}

function Shell() {
  const { t } = useI18n();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    http<{ user: User | null }>('GET', '/api/session').then(
      ({ user }) => setUser(user),
      (error: unknown) => {
        if (!(error instanceof HttpError)) console.warn(error);
        setUser(null);
      },
    );
  }, []);

  // One socket per signed-in user (the session cookie is read when it connects).
  const userId = user?.id;
  // A registered player's way of playing follows the account to this browser (`play-settings.ts`).
  const registered = user?.registered === true;
  useEffect(() => {
    if (userId !== undefined && registered) void adoptAccountChoice();
  }, [userId, registered]);
  const conn = useMemo(() => (userId ? new Connection() : null), [userId]);
  useEffect(() => () => conn?.close(), [conn]);

  // A signed-in player's next page is most often a table: its code is fetched once the browser is idle, so that
  // opening a table shows the board at once instead of "Loading…".
  useEffect(() => {
    if (userId === undefined) return;
    return whenIdle(() => {
      void loadTablePage().catch(() => undefined);
      // The boards too, each in its chunk: a table opens with its board drawn.
      for (const game of CLIENT_GAMES) void loadGameUi(game.id).catch(() => undefined);
    });
  }, [userId]);

  // Games awaiting this player: the page title, the header and (if allowed) a notification say so.
  const awaiting = useYourTurn(conn, (game) => ({
    title: t('notify.title'),
    body: t('notify.body', { game: game.title }),
  }));

  const signOut = async () => {
    await http('POST', '/api/logout').catch(() => undefined);
    setUser(null);
  };

  return (
    <>
      <Header user={user ?? null} onSignOut={() => void signOut()} conn={conn} waiting={awaiting.length} />
      <main id="main">
        {/* A newcomer (nobody signed in here yet) is offered a first game that teaches, once. */}
        {user === null && route.page !== 'tutorial' && route.page !== 'tutorials' && <TutorialOffer />}
        {/* Keyed by the page: a page left goes at once (its effects' clean-ups run: the lobby's panel leaves the queue),
            instead of being kept hidden, still mounted, while the next page's code loads, and shown again as it was
            when the player comes back before that. */}
        <Suspense key={route.page} fallback={<PageLoading />}>
          {user === undefined ? null : <Page route={route} user={user} conn={conn} onUser={setUser} />}
        </Suspense>
      </main>
      <footer className="footer">{t('app.tagline')}</footer>
    </>
  );
}

/**
 * The page of a route: the rules, profiles, leaderboards, tournaments and creating an account for everyone; the
 * tables, replays, my games and the lobby once signed in (the sign-in page instead until then).
 */
function Page({
  route,
  user,
  conn,
  onUser,
}: {
  route: Route;
  user: User | null;
  conn: Connection | null;
  onUser: (user: User | null) => void;
}) {
  const signedIn = user !== null && conn !== null ? { user, conn } : null;
  const signIn = <SignIn onSignedIn={onUser} />;
  switch (route.page) {
    case 'rules':
      return <Rules game={route.game} />;
    // The tutorials play in the browser alone: no account, no server.
    case 'tutorials':
      return <TutorialsPage />;
    case 'tutorial':
      return <TutorialPage game={route.game} />;
    case 'profile':
      return <ProfilePage name={route.name} user={user} />;
    case 'leaderboard':
      return <LeaderboardPage game={route.game} />;
    case 'tournaments':
      return <TournamentsPage user={signedIn?.user ?? null} />;
    case 'tournament':
      return <TournamentPage id={route.id} user={signedIn?.user ?? null} />;
    case 'register':
      return <AccountPage user={user} onUser={onUser} />;
    // The pages the e-mails link to open in any browser, signed in or not.
    case 'forgot':
      return <ForgotPasswordPage />;
    case 'reset':
      return <ResetPasswordPage />;
    case 'confirm':
      return <ConfirmEmailPage signedIn={user?.registered === true} />;
    case 'unsubscribe':
      return <UnsubscribePage />;
    case 'invite':
      return <InvitePage user={user} onUser={onUser} />;
    // Moderators and admins only: the page shows a player the server's refusal (every request is checked there).
    case 'admin':
      return signedIn ? <AdminPage /> : signIn;
    case 'settings':
      return signedIn ? <SettingsPage user={signedIn.user} onUser={onUser} /> : signIn;
    case 'table':
      return signedIn ? <TablePage conn={signedIn.conn} tableId={route.id} user={signedIn.user} /> : signIn;
    case 'replay':
      return signedIn ? <ReplayPage tableId={route.id} /> : signIn;
    case 'review':
      return signedIn ? <ReviewPage tableId={route.id} /> : signIn;
    case 'mygames':
      return signedIn ? <MyGames user={signedIn.user} onUser={onUser} conn={signedIn.conn} /> : signIn;
    case 'lobby':
      return signedIn ? <Lobby conn={signedIn.conn} user={signedIn.user} /> : signIn;
  }
}

function Header({
  user,
  onSignOut,
  conn,
  waiting,
}: {
  user: User | null;
  onSignOut: () => void;
  conn: Connection | null;
  /** How many games await this player's move. */
  waiting: number;
}) {
  const { t, lang, setLang } = useI18n();
  const [state, setState] = useState(conn?.state ?? 'online');
  useEffect(() => {
    if (!conn) return;
    setState(conn.state);
    return conn.onState(() => setState(conn.state));
  }, [conn]);
  return (
    <header className="header">
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <Link to="/" className="brand">
        <svg viewBox="0 0 16 16" width="22" height="22" aria-hidden="true">
          <path d="M1 15V7h3V3h3v5h2V1h3v14z" fill="currentColor" />
        </svg>
        {/* On a phone only the picture shows (the header then takes two rows, not five); the name is still read. */}
        <span className="brand-name">Skyline</span>
      </Link>
      <nav aria-label="main">
        {user && <Link to="/">{t('nav.lobby')}</Link>}
        {user && (
          <Link to="/games">
            {t('nav.mygames')}
            {waiting > 0 && (
              <span className="count" data-testid="waiting-count" title={t('nav.waiting', { n: waiting })}>
                {' '}
                <span aria-hidden="true">{waiting}</span>
                <span className="sr-only">{t('nav.waiting', { n: waiting })}</span>
              </span>
            )}
          </Link>
        )}
        <Link to="/tournaments">{t('nav.tournaments')}</Link>
        <Link to={`/leaderboard/${DEFAULT_GAME}`}>{t('nav.leaderboards')}</Link>
        <Link to="/rules">{t('nav.rules')}</Link>
      </nav>
      <div className="header-right">
        <label className="lang">
          <span className="sr-only">{t('nav.language')}</span>
          <select
            value={lang}
            onChange={(event) => {
              const next = event.target.value as Lang;
              setLang(next);
              // A kept name's e-mails follow the language it reads.
              if (user?.registered)
                void http('POST', '/api/account/preferences', { language: next }).catch(() => undefined);
            }}
            data-testid="language"
            aria-label={t('nav.language')}
          >
            <option value="en">English</option>
            <option value="fr">Français</option>
          </select>
        </label>
        {!user?.registered && (
          <Link to="/register" className="register-link">
            {t('nav.register')}
          </Link>
        )}
        {user && (
          <>
            <span className="me" data-testid="me">
              <Link to={`/p/${encodeURIComponent(user.name)}`}>{user.name}</Link>
            </span>
            {user.registered && (
              <Link to="/settings" className="settings-link">
                {t('nav.settings')}
              </Link>
            )}
            <button type="button" className="link" onClick={onSignOut}>
              {t('nav.signout')}
            </button>
          </>
        )}
      </div>
      {conn && state !== 'online' && (
        <div className="banner" role="alert" data-testid="reconnecting">
          {state === 'refused' && conn.refusal
            ? sayServer(lang, saidOf(conn.refusal))
            : state === 'reconnecting'
              ? t('conn.reconnecting')
              : t('conn.connecting')}
        </div>
      )}
    </header>
  );
}
