import {
  BOT_LEVELS,
  type TournamentDetail,
  type TournamentRatingChange,
  type TournamentRound,
  type TournamentStanding,
} from '@skyline/protocol';
import { useRef, useState } from 'react';
import { describeClock } from '../clocks.js';
import { Link } from '../components.js';
import { TextField } from '../forms.js';
import { useFetched } from '../fetched.js';
import { formOptionsOf } from '../games/form-options.js';
import { formatDate, formatNumber, useI18n, type Lang, type T } from '../i18n.js';
import { http, type User } from '../net.js';
import { BotLevelOptionList, useGames } from '../options.js';
import { PlayerName, signedChange, wholePoints, useRatingsByGame, type ShownRating } from '../ratings.js';
import { sayServer, type Said } from '../server-words.js';
import { refusalOf } from './Tournaments.js';

/** How often an open or running tournament's page asks again (rounds are paired and tables end on the server). */
const REFRESH_MS = 2000;

/**
 * `/tournaments/ID`: the settings, registration (and the organiser's bots and start), each round's pairings with
 * links to its tables, the duplicate comparison, and the standings with their tie-breaks stated.
 */
export function TournamentPage({ id, user }: { id: string; user: User | null }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const fetched = useFetched<TournamentDetail>(`/api/tournaments/${id}`, {
    ms: REFRESH_MS,
    while: ({ tournament }) => tournament.status === 'open' || tournament.status === 'running',
  });
  const detail = fetched.data;
  // The players' ratings in the tournament's game, asked again as rounds end (the games of a rated tournament change
  // them).
  const byGame = useRatingsByGame(
    detail ? [{ game: detail.tournament.game, names: detail.registrations.map((entry) => entry.name) }] : [],
    detail ? `${detail.tournament.status} ${detail.tournament.round}` : null,
  );
  const ratings = detail ? (byGame[detail.tournament.game] ?? {}) : {};
  // What the organiser or a player asked for and was refused; else why the page could not be read.
  const [refused, setRefused] = useState<Said | null>(null);
  const error = refused ?? (fetched.error ? refusalOf(fetched.error) : null);

  // One request at a time: a second click while the first is on its way (a double click on "Start now") would be
  // refused once the first has done its work ("registration is closed"), in red, after a start that succeeded.
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const act = async (command: string, body: object = {}) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setRefused(null);
    try {
      await http('POST', `/api/tournaments/${id}/${command}`, body);
    } catch (caught) {
      const said = refusalOf(caught);
      // Asked to start a tournament that has started meanwhile (its time came, or it filled): what was asked is done.
      if (!(command === 'start' && said.code === 'tournament.notOpen')) setRefused(said);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
    fetched.reload();
  };

  if (!detail)
    return error ? (
      <p className="error" role="alert">
        {sayServer(lang, error)}
      </p>
    ) : null;
  const tournament = detail.tournament;
  const title = games.find((g) => g.id === tournament.game)?.title ?? tournament.game;
  return (
    <div className="tournament">
      <p>
        <Link to="/tournaments">{t('tour.back')}</Link>
      </p>
      <h1 data-testid="tournament-name">{tournament.name}</h1>
      <p className="muted" data-testid="tournament-status">
        {title} · {t(`tour.status.${tournament.status}`)}
        {tournament.status === 'running' &&
          tournament.round > 0 &&
          ` · ${t('tour.roundOf', { n: tournament.round, of: tournament.rounds })}`}
      </p>
      {tournament.status === 'finished' && tournament.winner && (
        <p className="winner-line" data-testid="tournament-winner">
          {t('tour.winner', { name: tournament.winner })}
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="tournament-error">
          {sayServer(lang, error)}
        </p>
      )}
      <Settings detail={detail} />
      <Registration
        detail={detail}
        user={user}
        ratings={ratings}
        busy={busy}
        act={(command, body) => void act(command, body)}
      />
      {detail.rounds.length > 0 && (
        <Rounds rounds={detail.rounds} duplicate={tournament.duplicate} me={user?.id ?? null} />
      )}
      {detail.standings.length > 0 && tournament.status !== 'open' && (
        <Standings
          standings={detail.standings}
          ratings={ratings}
          rounds={tournament.rounds}
          duplicate={tournament.duplicate}
          rated={tournament.rated}
        />
      )}
    </div>
  );
}

function Settings({ detail }: { detail: TournamentDetail }) {
  const { t, lang } = useI18n();
  const tournament = detail.tournament;
  const options = Object.keys(tournament.options);
  return (
    <section aria-labelledby="tour-settings" className="card">
      <h2 id="tour-settings">{t('tour.settings')}</h2>
      <dl className="settings" data-testid="tournament-settings">
        <dt>{t('tour.format')}</dt>
        <dd>{t(tournament.format === 'swiss' ? 'tour.swiss' : 'tour.roundrobin')}</dd>
        <dt>{t('tour.duplicate')}</dt>
        <dd>{t(tournament.duplicate ? 'tour.yes' : 'tour.no')}</dd>
        <dt>{t('tour.seats')}</dt>
        <dd>{tournament.seatsPerTable}</dd>
        <dt>{t('tour.rounds')}</dt>
        <dd>{tournament.rounds}</dd>
        <dt>{t('clock.label')}</dt>
        <dd>{describeClock(tournament.clock, t)}</dd>
        <dt>{t('tour.start')}</dt>
        <dd>{tournament.startsAt === null ? t('tour.whenFull') : formatDate(lang, tournament.startsAt)}</dd>
        <dt>{t('tour.maxPlayers')}</dt>
        <dd>{tournament.maxPlayers}</dd>
        <dt>{t('tour.rated')}</dt>
        <dd>{t(tournament.rated ? 'tour.yes' : 'tour.no')}</dd>
        <dt>{t('tour.organiser')}</dt>
        <dd>
          <PlayerName name={tournament.organiser} />
        </dd>
        {options.length > 0 && (
          <>
            <dt>{t('tour.options')}</dt>
            <dd>{describeOptions(tournament.game, tournament.options, t)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Registration({
  detail,
  user,
  ratings,
  busy,
  act,
}: {
  detail: TournamentDetail;
  ratings: Record<string, ShownRating>;
  user: User | null;
  /** A request of this page is on its way: its buttons wait for the answer. */
  busy: boolean;
  act: (command: string, body?: object) => void;
}) {
  const { t } = useI18n();
  const [level, setLevel] = useState('greedy');
  const [count, setCount] = useState(1);
  const tournament = detail.tournament;
  const open = tournament.status === 'open';
  const registered = user !== null && detail.registrations.some((entry) => entry.player === user.id);
  const organiser = user !== null && user.name === tournament.organiser;
  const room = tournament.maxPlayers - detail.registrations.length;
  return (
    <section aria-labelledby="tour-players" className="card">
      <h2 id="tour-players">
        {t('tour.players', { n: detail.registrations.length, max: tournament.maxPlayers })}
      </h2>
      {detail.registrations.length === 0 ? (
        <p className="muted">{t('tour.nobody')}</p>
      ) : (
        <ul className="registrations" data-testid="tournament-players">
          {detail.registrations.map((entry) => (
            <li key={entry.player}>
              <PlayerName name={entry.name} rating={ratings[entry.name]} />
              {entry.bot && <span className="tag">{botTag(t, entry.bot)}</span>}
            </li>
          ))}
        </ul>
      )}
      {open && user && (
        <div className="actions">
          {registered ? (
            <button
              type="button"
              onClick={() => act('unregister')}
              disabled={busy}
              data-testid="tour-unregister"
            >
              {t('tour.unregister')}
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              onClick={() => act('register')}
              disabled={busy || room <= 0}
              data-testid="tour-register"
            >
              {t('tour.register')}
            </button>
          )}
        </div>
      )}
      {open && !user && <p className="muted">{t('tour.signInToRegister')}</p>}
      {open && organiser && (
        <div className="organiser actions" data-testid="tour-organiser">
          <label>
            {t('tour.botLevel')}
            <select
              value={level}
              onChange={(event) => setLevel(event.target.value)}
              data-testid="tour-bot-level"
            >
              <BotLevelOptionList game={tournament.game} />
            </select>
          </label>
          <TextField
            label={t('tour.botCount')}
            type="number"
            min={1}
            max={Math.max(1, room)}
            value={count}
            onValue={(value) => setCount(Number(value))}
            data-testid="tour-bot-count"
          />
          <button
            type="button"
            onClick={() => act('bots', { level, count })}
            disabled={busy || room <= 0}
            data-testid="tour-add-bots"
          >
            {t('tour.addBots')}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => act('start')}
            disabled={busy}
            data-testid="tour-start"
          >
            {t('tour.startNow')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Points as the language writes them (at most two decimals: a third of a point is 0.33). */
function points(lang: Lang, n: number): string {
  return formatNumber(lang, Math.round(n * 100) / 100);
}

function Rounds({
  rounds,
  duplicate,
  me,
}: {
  rounds: TournamentRound[];
  duplicate: boolean;
  /** The viewer's id: its own table is one to play, not to watch. */
  me: string | null;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<number | null>(null);
  const round = rounds.find((r) => r.round === chosen) ?? rounds[rounds.length - 1]!;
  return (
    <section aria-labelledby="tour-rounds" className="card" data-testid="tournament-rounds">
      <h2 id="tour-rounds">{t('tour.roundsTitle')}</h2>
      <div className="round-picker" role="group" aria-label={t('tour.roundsTitle')}>
        {rounds.map((r) => (
          <button
            key={r.round}
            type="button"
            aria-pressed={r.round === round.round}
            onClick={() => setChosen(r.round)}
            data-testid={`round-${r.round}`}
          >
            {t('tour.round', { n: r.round })}
          </button>
        ))}
      </div>
      <RoundView round={round} duplicate={duplicate} me={me} />
    </section>
  );
}

function RoundView({
  round,
  duplicate,
  me,
}: {
  round: TournamentRound;
  duplicate: boolean;
  me: string | null;
}) {
  const { t, lang } = useI18n();
  const seats = Math.max(0, ...round.tables.map((table) => table.players.length));
  // A duplicate round's results (and replays) wait for its last table: the server sends none before.
  const secret = duplicate && round.tables.some((table) => table.status !== 'over');
  return (
    <div data-testid="tournament-round">
      <h3>
        {t('tour.round', { n: round.round })} ·{' '}
        {t(round.status === 'over' ? 'tour.roundOver' : 'tour.roundPlaying')}
      </h3>
      <div className="table-scroll" role="region" aria-label={t('tour.pairings')} tabIndex={0}>
        <table className="scores pairings" data-testid="pairings">
          <caption className="sr-only">{t('tour.pairings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tour.table')}</th>
              {Array.from({ length: seats }, (_, seat) => (
                <th key={seat} scope="col">
                  {t('tour.seat', { n: seat + 1 })}
                </th>
              ))}
              <th scope="col">{t('tour.game')}</th>
            </tr>
          </thead>
          <tbody>
            {round.tables.map((table) => (
              <tr key={table.tableId}>
                <th scope="row">{table.index + 1}</th>
                {table.players.map((player, seat) => (
                  <td key={player.player}>
                    {player.name}
                    {table.scores && (
                      <span className="muted">
                        {' '}
                        · {formatNumber(lang, table.scores[seat] ?? 0)}
                        {table.placePoints && ` (${points(lang, table.placePoints[seat] ?? 0)})`}
                      </span>
                    )}
                  </td>
                ))}
                <td>
                  {table.status === 'over' && secret ? (
                    <span className="muted" data-testid="result-at-round-end">
                      {t('tour.resultAtRoundEnd')}
                    </span>
                  ) : table.status === 'over' ? (
                    <Link to={`/replay/${table.tableId}`}>{t('tour.replay')}</Link>
                  ) : table.players.some((player) => player.player === me) ? (
                    <Link to={`/t/${table.tableId}`} className="button primary">
                      {t('tour.playTable')}
                    </Link>
                  ) : (
                    <Link to={`/t/${table.tableId}`}>{t('tour.watch')}</Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">{t('tour.pairingsHint')}</p>
      {round.byes.length > 0 && (
        <p data-testid="byes">{t('tour.byes', { names: round.byes.map((bye) => bye.name).join(', ') })}</p>
      )}
      {duplicate && <Comparison round={round} />}
    </div>
  );
}

/** A duplicate round: each seat's result at every table side by side, with the matchpoints it earned. */
function Comparison({ round }: { round: TournamentRound }) {
  const { t, lang } = useI18n();
  const seats = round.duplicate ?? [];
  const tables = [
    ...new Map(seats.flatMap((seat) => seat.rows).map((row) => [row.table, row.tableId])).entries(),
  ].sort((a, b) => a[0] - b[0]);
  return (
    <div className="comparison" data-testid="comparison">
      <h3>{t('tour.comparison')}</h3>
      <p className="muted small">{t('tour.comparisonHint')}</p>
      {tables.length === 0 ? (
        <p className="muted">{t('tour.comparisonWaiting')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={t('tour.comparison')} tabIndex={0}>
          <table className="scores comparison-table">
            <caption className="sr-only">{t('tour.comparison')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tour.seatHeader')}</th>
                {tables.map(([index, tableId]) => (
                  <th key={tableId} scope="col">
                    {t('tour.tableN', { n: index + 1 })}{' '}
                    <Link to={`/replay/${tableId}`}>
                      {t('tour.replay')}
                      <span className="sr-only"> {t('tour.tableN', { n: index + 1 })}</span>
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {seats.map((seat) => (
                <tr key={seat.seat}>
                  <th scope="row">{t('tour.seat', { n: seat.seat + 1 })}</th>
                  {tables.map(([index]) => {
                    const row = seat.rows.find((r) => r.table === index);
                    return (
                      <td key={index}>
                        {row && (
                          <>
                            <strong>{row.name}</strong>
                            <br />
                            {t('tour.cell', {
                              score: formatNumber(lang, row.score),
                              place: points(lang, row.placePoints),
                              mp: points(lang, row.matchpoints),
                              percent: formatNumber(lang, Math.round(row.fraction * 100)),
                            })}
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Standings({
  standings,
  ratings,
  rounds,
  duplicate,
  rated,
}: {
  standings: TournamentStanding[];
  ratings: Record<string, ShownRating>;
  rounds: number;
  duplicate: boolean;
  rated: boolean;
}) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="tour-standings" className="card" data-testid="standings">
      <h2 id="tour-standings">{t('tour.standings')}</h2>
      <p data-testid="tie-breaks">{t('tour.tieBreaks')}</p>
      <p className="muted small">{t(duplicate ? 'tour.scoringDuplicate' : 'tour.scoring')}</p>
      <div className="table-scroll" role="region" aria-label={t('tour.standings')} tabIndex={0}>
        <table className="scores standings-table">
          <caption className="sr-only">{t('tour.standings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('board.rank')}</th>
              <th scope="col">{t('board.player')}</th>
              <StandingHeader label={t('tour.points')} title={t('tour.pointsHint')} />
              <StandingHeader label={t('tour.buchholz')} title={t('tour.buchholzHint')} />
              <StandingHeader label={t('tour.gameScore')} title={t('tour.gameScoreHint')} />
              <StandingHeader label={t('tour.headToHead')} title={t('tour.headToHeadHint')} />
              <th scope="col">{t('tour.played')}</th>
              <th scope="col">{t('tour.byesCol')}</th>
              {Array.from({ length: rounds }, (_, k) => (
                <th key={k} scope="col">
                  {t('tour.roundShort', { n: k + 1 })}
                </th>
              ))}
              {rated && <StandingHeader label={t('tour.ratingCol')} title={t('tour.ratingColHint')} />}
            </tr>
          </thead>
          <tbody>
            {standings.map((row) => (
              <tr key={row.player} className={row.rank === 1 ? 'winner' : undefined}>
                <td>{formatNumber(lang, row.rank)}</td>
                <th scope="row">
                  <PlayerName name={row.name} rating={ratings[row.name]} />
                  {row.bot && <span className="tag">{botTag(t, row.bot)}</span>}
                </th>
                <td>{points(lang, row.points)}</td>
                <td>{points(lang, row.buchholz)}</td>
                <td>{formatNumber(lang, row.gameScore)}</td>
                <td>{formatNumber(lang, row.headToHead)}</td>
                <td>{formatNumber(lang, row.played)}</td>
                <td>{formatNumber(lang, row.byes)}</td>
                {Array.from({ length: rounds }, (_, k) => (
                  <td key={k}>{roundPoints(lang, t, row.rounds[k])}</td>
                ))}
                {rated && (
                  <td className="tournament-rating" data-testid={`tournament-rating-${row.player}`}>
                    <RatingChangeText change={row.rating} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="legend small">
        {(['buchholz', 'gameScore', 'headToHead'] as const).map((column) => (
          <li key={column}>
            <strong>{t(`tour.${column}`)}</strong>
            {t('tour.colon')}
            {t(`tour.${column}Hint`)}
          </li>
        ))}
        {rated && (
          <li>
            <strong>{t('tour.ratingCol')}</strong>
            {t('tour.colon')}
            {t('tour.ratingColHint')}
          </li>
        )}
      </ul>
    </section>
  );
}

/** "24.1 → 26.3 +2.2": what the tournament's rated games did to a rating (one decimal, as the end of a game shows). */
function RatingChangeText({ change }: { change: TournamentRatingChange | null }) {
  const { t, lang } = useI18n();
  if (!change) return <span className="muted">{t('tour.ratingNone')}</span>;
  const delta = wholePoints(change.after - change.before);
  return (
    <>
      {formatNumber(lang, wholePoints(change.before))} → {formatNumber(lang, wholePoints(change.after))}{' '}
      <span className={delta >= 0 ? 'up' : 'down'}>{signedChange(lang, delta)}</span>
    </>
  );
}

function StandingHeader({ label, title }: { label: string; title: string }) {
  return (
    <th scope="col" title={title}>
      {label}
    </th>
  );
}

function roundPoints(lang: Lang, t: T, value: number | null | undefined): string {
  return value === null || value === undefined ? t('tour.notPlayed') : points(lang, value);
}

/** "bot · greedy": a bot's level in words (a level this client does not know, as the server names it). */
function botTag(t: T, level: string): string {
  const known = BOT_LEVELS.find((name) => name === level);
  return t('table.botTag', { level: known ? t(`bot.${known}`) : level });
}

/** The game options in the words of the create form (an option it does not offer, as the server names it). */
function describeOptions(game: string, options: Record<string, unknown>, t: T): string {
  const specs = formOptionsOf(game);
  return Object.entries(options)
    .map(([name, value]) => {
      const spec = specs.find((candidate) => candidate.name === name);
      if (!spec) return `${name}${t('tour.colon')}${JSON.stringify(value)}`;
      const choice = spec.choices?.find((candidate) => candidate.value === value);
      const shown =
        spec.kind === 'boolean'
          ? t(value === true ? 'tour.yes' : 'tour.no')
          : choice
            ? t(choice.label)
            : String(value);
      return `${t(spec.label)}${t('tour.colon')}${shown}`;
    })
    .join(' · ');
}
