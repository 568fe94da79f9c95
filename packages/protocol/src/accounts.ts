/**
 * An account's settings and e-mail (the settings page, the links sent by e-mail): the HTTP bodies, as zod schemas
 * shared by the client and the server, and the answers' shapes. docs/protocol.md lists the routes.
 */
import { z } from 'zod';

/** The longest e-mail address taken (RFC 5321's path limit, less the angle brackets). */
export const EMAIL_MAX = 254;

/**
 * An e-mail address as the server keeps it: trimmed and in lower case (two spellings of one mailbox are one
 * address). Parsed apart from the body that carries it, so that a bad address gets its own coded refusal.
 */
export const EmailAddress = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());

/**
 * A link's token, as the server makes it: a public id, a dot, and a secret (`server/src/mail/tokens.ts`). Read from
 * the link's fragment by the page, sent back in a body: never in a URL that a server or a proxy would log.
 */
export const LinkToken = z.string().regex(/^[\w-]{16}\.[\w-]{43}$/, 'not a link token');

/** The choices of the delay before a reminder (minutes): the API takes any whole number in this range. */
export const REMINDER_MINUTES = { min: 15, max: 7 * 24 * 60, choices: [60, 180, 720, 1440] } as const;

export const Language = z.enum(['en', 'fr']);

/** `POST /api/email`: add or change the account's address (the current password proves the owner asks). */
export const SetEmailBody = z
  .object({ email: z.string().max(EMAIL_MAX + 66), password: z.string().max(200) })
  .strict();
/** `POST /api/email/confirm` and the reset's first half: a link's token. */
export const TokenBody = z.object({ token: z.string().max(200) }).strict();
/** `POST /api/password/forgot`: the address to send a reset link to, if an account has it. */
export const ForgotPasswordBody = z.object({ email: z.string().max(EMAIL_MAX + 66) }).strict();
/** `POST /api/account/preferences`: what to change (absent: unchanged); `reminderMinutes: null` turns reminders off. */
export const PreferencesBody = z
  .object({
    language: Language.optional(),
    reminderMinutes: z
      .number()
      .int()
      .min(REMINDER_MINUTES.min)
      .max(REMINDER_MINUTES.max)
      .nullable()
      .optional(),
    /** A daily digest of the games awaiting the player, instead of a reminder per game (needs a confirmed address). */
    reminderDigest: z.boolean().optional(),
  })
  .strict();
/**
 * A registered player's way of playing (`GET/POST /api/settings/play`, kept with the account: migration 017): whether
 * the player's moves are staged and confirmed before they are sent (on for a player who never chose). A guest's choice
 * stays in its browser.
 */
export const PlaySettings = z.object({ confirmMoves: z.boolean() }).strict();
export type PlaySettings = z.infer<typeof PlaySettings>;
/** What `GET/POST /api/settings/play` answer: the settings, and whether the player ever chose (else the default). */
export interface PlaySettingsView extends PlaySettings {
  chosen: boolean;
}

/** `POST /api/email/unsubscribe`: the reminder's signed link (the account's id and the server's signature of it). */
export const UnsubscribeBody = z
  .object({ user: z.string().max(40), signature: z.string().max(100) })
  .strict();

/** `GET /api/account`: the settings page's account part. */
export interface AccountSettings {
  /** The confirmed address (reset links and reminders go there), or null. */
  email: string | null;
  /** An address waiting for its confirmation link to be opened, or null. */
  pendingEmail: string | null;
  /** The language of the e-mails (the page's own is the browser's choice); null: English. */
  language: 'en' | 'fr' | null;
  /** Minutes a game with a clock waits for the player before a reminder is sent; null: no reminders. */
  reminderMinutes: number | null;
  /** Whether the player chose one e-mail a day listing the games awaiting them, instead of one per game. */
  reminderDigest: boolean;
  /** Whether this server sends e-mail at all (`SMTP_URL`). */
  mail: boolean;
}

/** `GET /api/account/sessions`: the browsers signed in to the account, the most recently used first. */
export interface SessionInfo {
  /** The browser and system it said it was ("Firefox · Linux"), or null when it did not say. */
  agent: string | null;
  createdAt: number;
  /** Renewed at most hourly. */
  lastSeenAt: number;
  /** The session of the browser that asked. */
  current: boolean;
}
