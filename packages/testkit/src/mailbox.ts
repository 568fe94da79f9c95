/**
 * A real SMTP server for tests (smtp-server), on an ephemeral port of 127.0.0.1: the server under test sends to it
 * through its ordinary SMTP path (nodemailer, `SMTP_URL`), and the test reads what it received, each message parsed
 * by mailparser as a mail program would. No mock of the mailer: what a test reads went over SMTP.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (what the server asked SMTP to deliver to). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** Every header, names in lower case. */
  headers: Map<string, unknown>;
  parsed: ParsedMail;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:PORT`, for `SMTP_URL`. */
  url: string;
  /** Every message received so far, in order. */
  readonly received: readonly ReceivedMail[];
  /**
   * The first message to `address` not yet taken by an earlier `next` (waiting up to `timeoutMs` for it to arrive);
   * rejects saying what did arrive if none comes.
   */
  next(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The messages to `address` (taken or not). */
  to(address: string): ReceivedMail[];
  /** How long the server takes to accept each message from now on (ms, 0 at first): a slow mail server. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const settings = { delayMs: 0 };
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // A plain local server: no TLS to negotiate, no sign-in asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers: parsed.headers,
            parsed,
          });
          setTimeout(() => {
            for (const wake of waiters) wake();
            callback();
          }, settings.delayMs);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const toAddress = (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: toAddress,
    get delayMs() {
      return settings.delayMs;
    },
    set delayMs(ms: number) {
      settings.delayMs = ms;
    },
    async next(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = toAddress(address).find((candidate) => !taken.has(candidate));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no new e-mail to ${address} within ${timeoutMs} ms; received: ${JSON.stringify(received.map((m) => ({ to: m.to, subject: m.subject })))}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix` (`https://play.example.org/password/reset#`). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return link;
}
