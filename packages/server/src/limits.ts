import type { Words } from '@skyline/protocol';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * The limits a host can tune (docs/operating.md, "Limits"; SECURITY.md). Every resource a player can create has one; counts are
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
  /**
   * Successful sign-ins and password changes of one account per hour (`LIMIT_SIGNINS_PER_HOUR`): each costs the
   * password thread a hash or two, and a right password is otherwise never refused.
   */
  signInsPerHour: number;
  /** The same, of every account together from one address (`LIMIT_ADDRESS_SIGNINS_PER_HOUR`). */
  addressSignInsPerHour: number;
  /** Chat lines from one address per minute, every player of it together (`LIMIT_ADDRESS_CHAT_PER_MINUTE`). */
  addressChatPerMinute: number;
  /** Password hashes one address may have waiting at once (`LIMIT_PASSWORD_QUEUE_PER_ADDRESS`; `Passwords`). */
  passwordQueuePerAddress: number;
  /** Minutes an open table nobody has open in a page stays before it is removed (`OPEN_TABLE_IDLE_MINUTES`). */
  openTableIdleMinutes: number;
  /**
   * Confirmation and password-reset e-mails to one address in 24 hours (`LIMIT_EMAILS_PER_ADDRESS`): nobody can fill
   * a stranger's mailbox by typing their address. Counted in the database (`mail/counters.ts`).
   */
  emailsPerAddress: number;
  /** The same, for one account, whatever the addresses (`LIMIT_EMAILS_PER_ACCOUNT`). */
  emailsPerAccount: number;
  /** Requests that send e-mail (an address added, a link sent again, a reset asked) from one client address in an hour (`LIMIT_EMAIL_REQUESTS_PER_IP`). */
  emailRequestsPerIp: number;
  /** Reminders e-mailed to one account in 24 hours, every game together (`LIMIT_REMINDERS_PER_DAY`). */
  remindersPerDay: number;
  /**
   * Reports one player may make in 24 hours (`LIMIT_REPORTS_PER_DAY`): counted in the database, under a lock on the
   * player's row (`moderation/reports.ts`), so exact with several processes.
   */
  reportsPerDay: number;
  /** Reports from one address in 24 hours, every player of it together (`LIMIT_ADDRESS_REPORTS_PER_DAY`). */
  addressReportsPerDay: number;
  /**
   * The most players one player may follow (`LIMIT_FOLLOWS`), and block (`LIMIT_BLOCKS`): counted in the database,
   * under a lock on the player's row (`friends/`), so exact with several processes.
   */
  follows: number;
  blocks: number;
  /** Invitations and invitation links one player may make in 24 hours (`LIMIT_INVITATIONS_PER_DAY`), counted alike. */
  invitationsPerDay: number;
  /** How long an invitation link stays valid, in hours (`INVITATION_LINK_HOURS`). */
  invitationLinkHours: number;
  /** Times one player may join the "Play now" queue per minute (`LIMIT_QUEUE_JOINS_PER_MINUTE`; `queue/`). */
  queueJoinsPerMinute: number;
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
  signInsPerHour: 30,
  addressSignInsPerHour: 200,
  addressChatPerMinute: 60,
  passwordQueuePerAddress: 8,
  openTableIdleMinutes: 30,
  emailsPerAddress: 5,
  emailsPerAccount: 10,
  emailRequestsPerIp: 20,
  remindersPerDay: 20,
  reportsPerDay: 10,
  addressReportsPerDay: 30,
  follows: 200,
  blocks: 500,
  invitationsPerDay: 50,
  invitationLinkHours: 48,
  queueJoinsPerMinute: 10,
};

/** What was limited: the code a client translates (see `LimitError`). */
export type LimitKind =
  | 'chat'
  | 'actions'
  | 'moves'
  | 'reads'
  | 'tables'
  | 'guests'
  | 'login'
  | 'login_address'
  | 'login_account'
  | 'signin_account'
  | 'signin_address'
  | 'chat_address'
  | 'reports_address'
  | 'connections'
  | 'queue'
  | EmailLimitKind;

/** The limits on e-mail, counted in the database (`mail/counters.ts`) rather than by a rate limiter. */
export type EmailLimitKind = 'email_address' | 'email_account' | 'email_ip';

/**
 * What is counted by a rate limiter (open connections are counted by `Realtime`, as they open and close; e-mails in
 * the database).
 */
export type CountedKind = Exclude<LimitKind, 'connections' | EmailLimitKind>;

/** Seconds a refused connection is told to wait before it tries again (one of its others may have closed by then). */
export const CONNECTION_RETRY_SECONDS = 10;

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
  signin_account: 'too many log-ins and password changes for this name',
  signin_address: 'too many log-ins from your address',
  chat_address: 'too many chat lines from your address',
  reports_address: 'too many reports from your address',
  connections: 'too many connections from your address (close some pages)',
  queue: 'too many entries in the “Play now” queue',
  email_address: 'too many e-mails to this address',
  email_account: 'too many e-mails for this account',
  email_ip: 'too many e-mail requests from your address',
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
  private readonly limiters: Record<CountedKind, RateLimiterAbstract>;
  /** Seconds a key that reaches its kind's limit stays refused (see `take`); absent: until the window ends. */
  private readonly blockSeconds: Partial<Record<CountedKind, number>> = {};

  constructor(
    readonly settings: LimitSettings,
    redis: unknown = null,
    keyPrefix = 'skyline',
  ) {
    const specs: Record<CountedKind, Spec> = {
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
      // Right passwords (sign-ins, password changes): counted per account and per address, so that no loop of them
      // keeps the password thread busy (each key also has only a few hashes waiting at once: `passwords.ts`).
      signin_account: { points: settings.signInsPerHour, duration: 3600 },
      signin_address: { points: settings.addressSignInsPerHour, duration: 3600 },
      chat_address: { points: settings.addressChatPerMinute, duration: 60 },
      reports_address: { points: settings.addressReportsPerDay, duration: 24 * 3600 },
      queue: { points: settings.queueJoinsPerMinute, duration: 60 },
    };
    const make = (kind: CountedKind, spec: Spec): RateLimiterAbstract => {
      if (spec.blockDuration) this.blockSeconds[kind] = spec.blockDuration;
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
      (Object.keys(specs) as CountedKind[]).map((kind) => [kind, make(kind, specs[kind])]),
    ) as Record<CountedKind, RateLimiterAbstract>;
  }

  /**
   * Counts one use of `kind` by `key`; throws a `LimitError` when over the limit. A kind with a block duration blocks
   * the key for exactly that long from the use that reaches its limit: `check` refuses it until then, and its count
   * starts again afterwards. (Without this, a key that reached the limit exactly stayed refused until its window
   * ended: a name locked by wrong passwords was locked for the day the count runs over, not for the hour promised.)
   */
  async take(kind: CountedKind, key: string, points = 1): Promise<void> {
    const limiter = this.limiters[kind];
    let used: RateLimiterRes;
    try {
      used = await limiter.consume(key, points);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new LimitError(kind, retryAfter(error));
      throw error;
    }
    const block = this.blockSeconds[kind];
    if (block !== undefined && used.consumedPoints >= limiter.points) await limiter.block(key, block);
  }

  /** Throws a `LimitError` if `key` has used up `kind`'s limit, without counting a use. */
  async check(kind: CountedKind, key: string): Promise<void> {
    const limiter = this.limiters[kind];
    const result = await limiter.get(key);
    if (result && result.consumedPoints >= limiter.points) throw new LimitError(kind, retryAfter(result));
  }

  /** Forgets `key`'s uses of `kind` (a right password clears the wrong ones of that name from that address). */
  async forget(kind: CountedKind, key: string): Promise<void> {
    await this.limiters[kind].delete(key);
  }
}

function retryAfter(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
}
