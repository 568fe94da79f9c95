/** The e-mail settings a host sets (docs/operating.md, "E-mail"); every one has a default but the SMTP server's. */
export interface MailSettings {
  /**
   * The SMTP server e-mail goes out through (`SMTP_URL`, `smtp://user:password@host:587` or `smtps://…:465`); null
   * (the default): no e-mail, and the features that need it say so.
   */
  smtpUrl: string | null;
  /** The sender of the e-mails (`MAIL_FROM`); default `Skyline <noreply@HOST>`, HOST that of `publicUrl`. */
  from: string;
  /**
   * The address players open the platform at (`PUBLIC_URL`, `https://play.example.org`): the links in e-mails start
   * with it. Never taken from a request's Host, which the sender of a reset request would choose.
   */
  publicUrl: string | null;
  /** Hours a confirmation link stays valid (`CONFIRM_LINK_HOURS`, default 48). */
  confirmLinkHours: number;
  /** Minutes a password-reset link stays valid (`RESET_LINK_MINUTES`, default 60). */
  resetLinkMinutes: number;
  /** How often each process looks for reminders to send (ms, default 60 000; tests call the look themselves). */
  reminderCheckMs: number;
}

export const DEFAULT_MAIL: MailSettings = {
  smtpUrl: null,
  from: '',
  publicUrl: null,
  confirmLinkHours: 48,
  resetLinkMinutes: 60,
  reminderCheckMs: 60_000,
};

/** The sender when `MAIL_FROM` is not set: the platform's name at the public address's host. */
export function defaultSender(publicUrl: string | null): string {
  const host = publicUrl === null ? 'localhost' : new URL(publicUrl).hostname;
  return `Skyline <noreply@${host}>`;
}
