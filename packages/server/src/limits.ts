import type { Words } from '@skyline/protocol';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * The limits a host can tune (README, "Limits"; SECURITY.md). Every resource a player can create has one; counts are
 * per player where a player is known (all their connections together), per address otherwise.
 */
export interface LimitSettings {
  /** Open tables (not started) one player may host at once (`LIMIT_OPEN_TABLES`). */
  openTablesPerPlayer: number;
  /** Tables one player may create per minute (`LIMIT_TABLES_PER_MINUTE`). */
  tablesPerMinute: number;
  /** Guest names one address may take per hour (`LIMIT_GUESTS_PER_HOUR`). */
  guestsPerHour: number;
  /** Open socket connections from one address, per process (`LIMIT_CONNECTIONS_PER_ADDRESS`). */
  connectionsPerAddress: number;
  /** Chat lines one player may send per minute, lobby and tables together (`LIMIT_CHAT_PER_MINUTE`). */
  chatPerMinute: number;
  /**
   * Table actions one player may make per minute: opening and closing table pages, commands, creating tables —
   * everything the lobby hears of (`LIMIT_ACTIONS_PER_MINUTE`).
   */
  actionsPerMinute: number;
  /** Moves one player may send per second (`LIMIT_MOVES_PER_SECOND`); counted in this process only. */
  movesPerSecond: number;
  /**
   * Reads of the HTTP API (`GET /api/...`: the lobby, records, profiles, leaderboards) one address may make per minute
   * (`LIMIT_READS_PER_MINUTE`): the public pages cost the database a query each.
   */
  readsPerMinute: number;
  /** Wrong passwords for one name from one address before sign-in is refused for a while (`LIMIT_LOGIN_FAILURES`). */
  loginFailures: number;
  /** Minutes an open table nobody has open in a page stays before it is removed (`OPEN_TABLE_IDLE_MINUTES`). */
  openTableIdleMinutes: number;
}

export const DEFAULT_LIMITS: LimitSettings = {
  openTablesPerPlayer: 3,
  tablesPerMinute: 5,
  guestsPerHour: 20,
  connectionsPerAddress: 20,
  chatPerMinute: 20,
  actionsPerMinute: 120,
  movesPerSecond: 50,
  readsPerMinute: 600,
  loginFailures: 5,
  openTableIdleMinutes: 30,
};

/** What was limited: the code a client translates (see `LimitError`). */
export type LimitKind =
  'chat' | 'actions' | 'moves' | 'reads' | 'tables' | 'guests' | 'login' | 'login_address' | 'login_account';

const WORDS: Record<LimitKind, string> = {
  chat: 'too many chat lines',
  actions: 'too many actions',
  moves: 'too many moves',
  reads: 'too many requests',
  tables: 'too many tables created',
  guests: 'too many new names from your address',
  login: 'too many wrong passwords',
  login_address: 'too many wrong passwords from your address',
  login_account: 'too many wrong passwords for this name',
};

/** A limit was reached: says what, and when to try again (HTTP 429, `Retry-After`). */
export class LimitError extends Error {
  readonly status = 429;
  readonly code = 'rate_limited';
  constructor(
    readonly kind: LimitKind,
    /** Whole seconds until it is worth trying again. */
    readonly retryAfter: number,
  ) {
    super(`${WORDS[kind]}: try again in ${describeWait(retryAfter)}`);
  }

  /** The refusal in the catalogue's words (`rate_limited`: what was limited, and the wait as `describeWait` says it). */
  get words(): Words {
    const minutes = this.retryAfter < 90 ? 0 : Math.ceil(this.retryAfter / 60);
    return { code: this.code, params: { kind: this.kind, seconds: this.retryAfter, minutes } };
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

interface Spec {
  points: number;
  duration: number;
  /** Seconds a key stays refused once it went over (back-off); default: until the window ends. */
  blockDuration?: number;
  /** Counted in this process only even with Redis (hot paths: a move must not wait for Redis). */
  local?: boolean;
}

/**
 * The rate limits, on rate-limiter-flexible: in memory with one process; in Redis when several processes share a
 * platform (so a player cannot multiply a limit by reaching several processes), with an in-memory limiter as
 * insurance should Redis fail — a limit never takes the platform down.
 */
export class Limits {
  private readonly limiters: Record<LimitKind, RateLimiterAbstract>;

  constructor(
    readonly settings: LimitSettings,
    redis: unknown = null,
    keyPrefix = 'skyline',
  ) {
    const specs: Record<LimitKind, Spec> = {
      chat: { points: settings.chatPerMinute, duration: 60 },
      actions: { points: settings.actionsPerMinute, duration: 60 },
      moves: { points: settings.movesPerSecond, duration: 1, local: true },
      reads: { points: settings.readsPerMinute, duration: 60 },
      tables: { points: settings.tablesPerMinute, duration: 60 },
      guests: { points: settings.guestsPerHour, duration: 3600 },
      // Wrong passwords: per name and address (the usual guessing), per address (many names from one place) and per
      // name (one name from many places, more lenient so that an attacker cannot easily lock a person out).
      login: { points: settings.loginFailures, duration: 15 * 60, blockDuration: 15 * 60 },
      login_address: { points: settings.loginFailures * 6, duration: 3600, blockDuration: 3600 },
      login_account: { points: settings.loginFailures * 20, duration: 24 * 3600, blockDuration: 3600 },
    };
    const make = (kind: LimitKind, spec: Spec): RateLimiterAbstract => {
      const options = {
        keyPrefix: `${keyPrefix}:limit:${kind}`,
        points: spec.points,
        duration: spec.duration,
        blockDuration: spec.blockDuration ?? 0,
      };
      const memory = new RateLimiterMemory(options);
      if (!redis || spec.local) return memory;
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        useRedisPackage: true,
        insuranceLimiter: memory,
        rejectIfRedisNotReady: true,
      });
    };
    this.limiters = Object.fromEntries(
      (Object.keys(specs) as LimitKind[]).map((kind) => [kind, make(kind, specs[kind])]),
    ) as Record<LimitKind, RateLimiterAbstract>;
  }

  /** Counts one use of `kind` by `key`; throws a `LimitError` when over the limit. */
  async take(kind: LimitKind, key: string, points = 1): Promise<void> {
    try {
      await this.limiters[kind].consume(key, points);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new LimitError(kind, retryAfter(error));
      throw error;
    }
  }

  /** Throws a `LimitError` if `key` has used up `kind`'s limit, without counting a use. */
  async check(kind: LimitKind, key: string): Promise<void> {
    const limiter = this.limiters[kind];
    const result = await limiter.get(key);
    if (result && result.consumedPoints >= limiter.points) throw new LimitError(kind, retryAfter(result));
  }

  /** Forgets `key`'s uses of `kind` (a right password clears the wrong ones of that name from that address). */
  async forget(kind: LimitKind, key: string): Promise<void> {
    await this.limiters[kind].delete(key);
  }
}

function retryAfter(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
}
