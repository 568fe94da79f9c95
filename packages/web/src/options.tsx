/** A game's options as form inputs (the lobby's new table, a new tournament), with their default values. */
import { DEFAULT_GAME } from '@skyline/games/client';
import { BOT_LEVELS } from '@skyline/protocol';
import { useEffect, useRef, useState } from 'react';
import { formOptionsOf } from './games/form-options.js';
import type { OptionSpec } from './games/form-options.js';
import { formatNumber, useI18n, type Key } from './i18n.js';
import { http, type GameInfo } from './net.js';
import { useRatingsByGame, wholePoints } from './ratings.js';

export function defaults(options: OptionSpec[]): Record<string, unknown> {
  return Object.fromEntries(options.map((option) => [option.name, option.default]));
}

export function OptionInput({
  spec,
  value,
  onChange,
}: {
  spec: OptionSpec;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useI18n();
  if (spec.kind === 'boolean')
    return (
      <label className="check">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        {t(spec.label)}
      </label>
    );
  if (spec.kind === 'number')
    return (
      <label>
        {t(spec.label)}
        <input
          type="number"
          min={spec.min}
          max={spec.max}
          value={Number(value)}
          onChange={(event) => onChange(Number(event.target.value))}
        />
      </label>
    );
  return (
    <fieldset>
      <legend>{t(spec.label)}</legend>
      {(spec.choices ?? []).map((choice) => (
        <label key={choice.value} className="check">
          <input
            type="radio"
            name={spec.name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {t(choice.label)}
        </label>
      ))}
    </fieldset>
  );
}

/** The games the server offers (titles and seat ranges), fetched once per page; a failed fetch is told `onError`. */
export function useGames(onError: (error: unknown) => void = (error) => console.warn(error)): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([]);
  // Fetched once per page: the first `onError` is the one told.
  const told = useRef(onError);
  useEffect(() => {
    http<{ games: GameInfo[] }>('GET', '/api/games').then(({ games }) => setGames(games), told.current);
  }, []);
  return games;
}

/** A form's game, its options and its number of seats (see `GameChoice`). */
export interface GameChoiceState {
  game: string;
  /** The chosen game's seat range, once the games are known. */
  info: GameInfo | undefined;
  options: Record<string, unknown>;
  setOptions(update: (current: Record<string, unknown>) => Record<string, unknown>): void;
  seats: number;
  setSeats(seats: number): void;
  /** The seat counts offered: the game's range, at most `maxSeats`. */
  seatChoices: number[];
  /** Another game: its options back to their defaults, the seats kept within its range. */
  choose(id: string): void;
}

/** The state of a `GameChoice`: the first game of the client registry (`DEFAULT_GAME`) for 2, with its default options. */
export function useGameChoice(games: GameInfo[], maxSeats = Infinity): GameChoiceState {
  const [game, setGame] = useState(DEFAULT_GAME);
  const [options, setOptions] = useState<Record<string, unknown>>(defaults(formOptionsOf(DEFAULT_GAME)));
  const [seats, setSeats] = useState(2);
  const info = games.find((g) => g.id === game);
  const least = info?.minPlayers ?? 2;
  const most = Math.min(maxSeats, info?.maxPlayers ?? 4);
  return {
    game,
    info,
    options,
    setOptions,
    seats,
    setSeats,
    seatChoices: Array.from({ length: most - least + 1 }, (_, k) => least + k),
    choose(id) {
      setGame(id);
      setOptions(defaults(formOptionsOf(id)));
      const next = games.find((g) => g.id === id);
      if (next) setSeats((n) => Math.min(next.maxPlayers, maxSeats, Math.max(next.minPlayers, n)));
    },
  };
}

/**
 * A form's game chooser (the lobby's new table, a new tournament): the game, how many seats (a table's players, a
 * tournament's seats per table), and the game's options.
 */
export function GameChoice({
  choice,
  games,
  seatsLabel,
  testIds,
}: {
  choice: GameChoiceState;
  games: GameInfo[];
  seatsLabel: Key;
  testIds: { game: string; seats: string };
}) {
  const { t } = useI18n();
  return (
    <>
      <label>
        {t('lobby.game')}
        <select
          value={choice.game}
          onChange={(event) => choice.choose(event.target.value)}
          data-testid={testIds.game}
        >
          <GameOptionList games={games} />
        </select>
      </label>
      <label>
        {t(seatsLabel)}
        <select
          value={choice.seats}
          onChange={(event) => choice.setSeats(Number(event.target.value))}
          data-testid={testIds.seats}
        >
          {choice.seatChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {formOptionsOf(choice.game).map((spec) => (
        <OptionInput
          key={spec.name}
          spec={spec}
          value={choice.options[spec.name]}
          onChange={(value) => choice.setOptions((current) => ({ ...current, [spec.name]: value }))}
        />
      ))}
    </>
  );
}

/** A `<select>`'s options: the games, by title. */
export function GameOptionList({ games }: { games: readonly GameInfo[] }) {
  return games.map((g) => (
    <option key={g.id} value={g.id}>
      {g.title}
    </option>
  ));
}

/** The name every bot of a level is rated under (its profile's: `club-bot`). */
const LEVEL_NAMES = BOT_LEVELS.map((level) => `${level}-bot`);

/**
 * A `<select>`'s options: the bot levels, weakest first, in the page's language; with `game`, each level's rating in
 * that game where it has one (every bot of a level is one player on the ladder, rated against people), so that a
 * player can choose an opponent of about their own strength.
 */
export function BotLevelOptionList({ game }: { game?: string | undefined }) {
  const { t, lang } = useI18n();
  const ratings = useRatingsByGame(game ? [{ game, names: LEVEL_NAMES }] : [])[game ?? ''] ?? {};
  return BOT_LEVELS.map((level) => {
    const rating = ratings[`${level}-bot`];
    const name = t(`bot.${level}`);
    return (
      <option key={level} value={level}>
        {rating
          ? t(rating.provisional ? 'bot.ratedProvisional' : 'bot.rated', {
              level: name,
              rating: formatNumber(lang, wholePoints(rating.rating)),
            })
          : name}
      </option>
    );
  });
}
