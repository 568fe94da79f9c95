import { createTransport } from 'nodemailer';

/** One e-mail, in plain text. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (a reminder's `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

/** Where e-mail goes out. The server has one only when `SMTP_URL` is set; tests read what an SMTP server received. */
export interface Mailer {
  send(letter: Letter): Promise<void>;
  close(): void;
}

/**
 * E-mail through an SMTP server, with nodemailer. Every wait is bounded (a server that does not answer fails the
 * send after seconds, not minutes), and nodemailer's own logger is off: a letter holds a link's secret, which must
 * never reach a log.
 */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  async send(letter: Letter): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: letter.to,
      subject: letter.subject,
      text: letter.text,
      headers: letter.headers,
    });
  }

  close(): void {
    this.transport.close();
  }
}
