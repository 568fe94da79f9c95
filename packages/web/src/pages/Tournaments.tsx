import {
  TOURNAMENT_LIMITS,
  type ClockSetting,
  type CreateTournamentBody,
  type ReliabilityFloor,
  type TournamentSummary,
} from '@skyline/protocol';
import { useState, type FormEvent } from 'react';
import { ClockSelect } from '../clocks.js';
import { FormEnd, Link } from '../components.js';
import { CheckField, TextField } from '../forms.js';
import { useFetched } from '../fetched.js';
import { formatDate, useI18n, type Lang, type T } from '../i18n.js';
import { http, HttpError, type GameInfo, type User } from '../net.js';
import { GameChoice, useGameChoice, useGames } from '../options.js';
import { navigate } from '../router.js';
import { ReliabilityFloorSelect, ReliabilityTag } from '../reliability-floor.js';
import { saidOf, saidOfFailure, sayServer, type Said } from '../server-words.js';

interface TournamentLists {
  upcoming: TournamentSummary[];
  running: TournamentSummary[];
  finished: TournamentSummary[];
}

/** A refused request as the server said it (coded); "no answer" when the server could not be reached. */
export function refusalOf(caught: unknown): Said {
  return caught instanceof HttpError ? saidOf(caught) : saidOfFailure(caught, { text: '' });
}

/** How often the list asks again: tournaments are created, filled, started and finished by others. */
const LIST_REFRESH_MS = 5000;

/** `/tournaments`: upcoming, running and finished tournaments, and (for a registered player) a form to create one. */
export function TournamentsPage({ user }: { user: User | null }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const fetched = useFetched<TournamentLists>('/api/tournaments', { ms: LIST_REFRESH_MS, while: () => true });
  const lists = fetched.data;
  const error = fetched.error ? refusalOf(fetched.error) : null;
  const title = (game: string) => games.find((g) => g.id === game)?.title ?? game;
  return (
    <div className="tournaments">
      <h1>{t('tour.title')}</h1>
      <p className="muted">{t('tour.intro')}</p>
      {error && (
        <p className="error" role="alert">
          {sayServer(lang, error)}
        </p>
      )}
      <div className="tournaments-layout">
        <div>
          {(['upcoming', 'running', 'finished'] as const).map((kind) => (
            <section key={kind} aria-labelledby={`tour-${kind}`} data-testid={`tournaments-${kind}`}>
              <h2 id={`tour-${kind}`}>{t(`tour.${kind}`)}</h2>
              {lists === null ? null : lists[kind].length === 0 ? (
                <p className="muted">{t(`tour.empty.${kind}`)}</p>
              ) : (
                <ul className="tournament-list">
                  {lists[kind].map((tournament) => (
                    <li key={tournament.id} className="card">
                      <Link to={`/tournaments/${tournament.id}`}>{tournament.name}</Link>
                      <span className="muted"> · {title(tournament.game)}</span>
                      <div className="small">
                        {describeTournament(tournament, t, lang)}{' '}
                        <ReliabilityTag
                          floor={tournament.reliability}
                          testId="tournament-reliability"
                          t={t}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
        {user?.registered ? (
          <CreateTournament games={games} />
        ) : (
          <p className="card" data-testid="tournament-create-hint">
            {t(user ? 'tour.registerToCreate' : 'tour.signInToCreate')}
          </p>
        )}
      </div>
    </div>
  );
}

/** One line about a tournament: its format, size and where it stands. */
export function describeTournament(tournament: TournamentSummary, t: T, lang: Lang): string {
  const parts = [
    t(tournament.format === 'swiss' ? 'tour.swiss' : 'tour.roundrobin'),
    ...(tournament.duplicate ? [t('tour.duplicateTag')] : []),
    t('tour.seatsTag', { n: tournament.seatsPerTable }),
    t('tour.roundsTag', { n: tournament.rounds }),
    t('tour.playersTag', { n: tournament.players, max: tournament.maxPlayers }),
  ];
  if (tournament.status === 'open')
    parts.push(
      tournament.startsAt === null
        ? t('tour.startsWhenFull')
        : t('tour.startsAt', { time: formatDate(lang, tournament.startsAt) }),
    );
  // Round 0: started, its first round paired at the server's next look (within a second).
  if (tournament.status === 'running' && tournament.round > 0)
    parts.push(t('tour.roundOf', { n: tournament.round, of: tournament.rounds }));
  if (tournament.status === 'finished' && tournament.winner)
    parts.push(t('tour.wonBy', { name: tournament.winner }));
  if (tournament.status === 'cancelled') parts.push(t('tour.cancelled'));
  return parts.join(' · ');
}

/** The clocks a tournament's tables may have (the first is the server's default: 5 minutes a move). */
const CLOCKS: (ClockSetting | null)[] = [
  { kind: 'turn', perMove: 300 },
  { kind: 'turn', perMove: 30 },
  { kind: 'turn', perMove: 10 },
  { kind: 'live', initial: 300, increment: 5 },
  null,
];

function CreateTournament({ games }: { games: GameInfo[] }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const choice = useGameChoice(games, 5);
  const [rounds, setRounds] = useState(3);
  const [format, setFormat] = useState<'swiss' | 'roundrobin'>('swiss');
  const [duplicate, setDuplicate] = useState(false);
  const [clock, setClock] = useState(0);
  const [whenFull, setWhenFull] = useState(true);
  const [startsAt, setStartsAt] = useState('');
  const [maxPlayers, setMaxPlayers] = useState(8);
  const [rated, setRated] = useState(false);
  const [play, setPlay] = useState(true);
  const [floor, setFloor] = useState<ReliabilityFloor>(0);
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const at = whenFull ? null : new Date(startsAt).getTime();
    if (at !== null && !Number.isFinite(at)) return setError({ text: t('tour.pickTime') });
    const body: CreateTournamentBody = {
      name,
      game: choice.game,
      options: choice.options,
      seatsPerTable: choice.seats,
      rounds,
      format,
      duplicate,
      maxPlayers,
      startsAt: at,
      rated,
      play,
      clock: CLOCKS[clock] ?? null,
      ...(floor === 0 ? {} : { reliability: floor }),
    };
    setBusy(true);
    setError(null);
    try {
      const { tournament } = await http<{ tournament: TournamentSummary }>('POST', '/api/tournaments', body);
      navigate(`/tournaments/${tournament.id}`);
    } catch (caught) {
      setError(refusalOf(caught));
      setBusy(false);
    }
  };

  return (
    <form
      className="create card"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="tour-create-title"
      data-testid="tournament-create"
    >
      <h2 id="tour-create-title">{t('tour.create')}</h2>
      <TextField
        label={t('tour.name')}
        value={name}
        onValue={setName}
        required
        minLength={2}
        maxLength={60}
        data-testid="tour-name"
      />
      <GameChoice
        choice={choice}
        games={games}
        seatsLabel="tour.seats"
        testIds={{ game: 'tour-game', seats: 'tour-seats' }}
      />
      <TextField
        label={t('tour.rounds')}
        type="number"
        min={1}
        max={TOURNAMENT_LIMITS.maxRounds}
        value={rounds}
        onValue={(value) => setRounds(Number(value))}
        data-testid="tour-rounds"
      />
      <fieldset>
        <legend>{t('tour.format')}</legend>
        {(['swiss', 'roundrobin'] as const).map((choice) => (
          <label key={choice} className="check">
            <input
              type="radio"
              name="tour-format"
              checked={format === choice}
              onChange={() => setFormat(choice)}
              data-testid={`tour-format-${choice}`}
            />
            {t(`tour.${choice}`)}
          </label>
        ))}
      </fieldset>
      <CheckField
        label={t('tour.duplicate')}
        checked={duplicate}
        onChecked={setDuplicate}
        testId="tour-duplicate"
      />
      <p className="muted small">{t('tour.duplicateHint')}</p>
      <ClockSelect choices={CLOCKS} value={clock} onChange={setClock} testId="tour-clock" t={t} />
      <ReliabilityFloorSelect value={floor} onChange={setFloor} testId="tour-reliability" t={t} />
      <fieldset>
        <legend>{t('tour.start')}</legend>
        <label className="check">
          <input type="radio" name="tour-start" checked={whenFull} onChange={() => setWhenFull(true)} />
          {t('tour.whenFull')}
        </label>
        <label className="check">
          <input type="radio" name="tour-start" checked={!whenFull} onChange={() => setWhenFull(false)} />
          {t('tour.atTime')}
        </label>
        {!whenFull && (
          <TextField
            label={t('tour.time')}
            type="datetime-local"
            value={startsAt}
            onValue={setStartsAt}
            required
          />
        )}
      </fieldset>
      <TextField
        label={t('tour.maxPlayers')}
        type="number"
        min={2}
        max={TOURNAMENT_LIMITS.maxPlayers}
        value={maxPlayers}
        onValue={(value) => setMaxPlayers(Number(value))}
        data-testid="tour-max"
      />
      <CheckField label={t('tour.rated')} checked={rated} onChecked={setRated} testId="tour-rated" />
      <CheckField label={t('tour.play')} checked={play} onChecked={setPlay} testId="tour-play" />
      <FormEnd
        error={error}
        errorTestId="tour-create-error"
        label={t('tour.createButton')}
        disabled={busy || !choice.info}
        testId="tour-create"
      />
    </form>
  );
}
