import { createTransport, type Mail } from 'nodemailer';
import { SendFailure, type Message, type Notifier } from './notifier.ts';

export type SmtpSettings = {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  url: string;
  /** The sender: an address, or 'Name <address>'. */
  from: string;
  /** Connection, greeting and socket timeout of one try, in ms. */
  timeoutMs?: number;
};

/**
 * E-mail through an SMTP server with nodemailer: plain text, subject and body as the caller wrote them
 * (Polish, UTF-8). A failure throws SendFailure; retries and the time bound are retrying-notifier.ts's.
 */
export class SmtpNotifier implements Notifier {
  private readonly transport: Mail;

  constructor(private readonly settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 10_000;
    this.transport = createTransport({ url: settings.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
  }

  async send(message: Message): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.settings.from, to: message.recipient, subject: message.subject, text: message.body });
    } catch (error) {
      throw toSendFailure(error);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** RFC 5321: a 5yz reply refuses the message for good (503 only says the session was out of step). */
function toSendFailure(error: unknown): SendFailure {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  const permanent = code === 'EAUTH' || code === 'EENVELOPE' || (responseCode !== undefined && responseCode >= 500 && responseCode !== 503);
  const reason = [code, responseCode].filter(Boolean).join(' ') || (error instanceof Error ? error.message : 'unknown error');
  // The SMTP server's own text may quote the recipient's address: only codes go into the log.
  return new SendFailure(`SMTP send failed: ${reason}`, permanent);
}
