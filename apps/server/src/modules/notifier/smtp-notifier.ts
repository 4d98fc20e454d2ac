import { createTransport, type Mail } from 'nodemailer';
import { SendFailure, type Delivered, type DeliveryProvider, type Message } from './notifier.ts';

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
export class SmtpNotifier implements DeliveryProvider {
  private readonly transport: Mail;

  constructor(private readonly settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 10_000;
    this.transport = createTransport({ url: settings.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
  }

  async send(message: Message): Promise<Delivered> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      return { messageId: info.messageId };
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
  const codes = [code, responseCode].filter(Boolean).join(' ') || 'unknown';
  // The SMTP server's own text often quotes the recipient's address: it stays in the message, which is
  // never logged; the log line has the codes (decision 064).
  return new SendFailure(codes, permanent, `SMTP send failed: ${error instanceof Error ? error.message : String(error)}`);
}
