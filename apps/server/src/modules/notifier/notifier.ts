import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import * as repo from './notifier.repository.ts';

export type Message = { channel: 'email' | 'sms'; recipient: string; subject: string; body: string };

/**
 * Who asked for the message: a logger bound to the request (request.log), so a message that could not be
 * sent is logged with the request id. Optional: a caller outside a request leaves it out.
 */
export type SendContext = { log?: FastifyBaseLogger };

/**
 * Sends e-mails and SMS, chosen by configuration (docs/decisions/064-notifier-adapters.md): the outbox by
 * default, SMTP and an HTTP SMS gateway otherwise. send() settles within a few seconds and never rejects
 * for a provider's failure: the message is retried in the background and what could not be sent is logged.
 */
export interface Notifier {
  send(message: Message, context?: SendContext): Promise<void>;
  /**
   * One try and its outcome, for a caller that keeps its own retries (the SMS fallback, decision 135):
   * resolves once the provider accepted the message, throws SendFailure when it did not. Logged as
   * send() logs, never with the body or the recipient.
   */
  sendOnce(message: Message, context?: SendContext): Promise<void>;
  /** At shutdown: finish the tries in flight (bounded) and close connections. */
  close?(): Promise<void>;
}

/**
 * Default notifier: stores each message in the outbox table and logs that it did. In development the
 * page /dev/outbox lists the messages so a person can read a reset code (docs/decisions/006-notifier.md).
 */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: Message, context?: SendContext): Promise<void> {
    await repo.insertOutboxMessage(this.db, { ...message, created_at: this.now().toISOString() });
    // The body carries a secret code: never log it. Nor the recipient: it may be a consumer's e-mail or
    // number (personal data); /dev/outbox shows it where it is needed.
    (context?.log ?? this.log).info({ channel: message.channel, subject: message.subject }, 'message queued in outbox');
  }

  /** The outbox takes every message: one try is the send. */
  sendOnce(message: Message, context?: SendContext): Promise<void> {
    return this.send(message, context);
  }
}

/** A message as the outbox keeps it: for the development page and for tests that read a sent code. */
export type StoredMessage = { id: number; channel: string; recipient: string; subject: string; body: string; created_at: string };

/** The newest messages of the outbox first. */
export function listOutbox(db: Db, limit = 50): Promise<StoredMessage[]> {
  return repo.listOutboxMessages(db, limit);
}

/** What a provider says of a message it accepted: its own id, for the log line (never the recipient). */
export type Delivered = { messageId?: string };

/** One real way out (SMTP, an SMS gateway), wrapped in the delivery policy (retrying-notifier.ts). */
export interface DeliveryProvider {
  /** Throws SendFailure when the message was not accepted. */
  send(message: Message): Promise<Delivered>;
  close?(): Promise<void> | void;
}

/**
 * A provider refused or failed a message. `code`: short and free of personal data (an SMTP code and
 * reply code, the gateway's error number, an HTTP status) — the only part that is logged. The message
 * may carry the provider's own text, which can quote the recipient's address or number, so it is never
 * logged (decision 064). `permanent`: trying again cannot help (a bad address, a refused login), so the
 * delivery policy stops at once instead of retrying (retrying-notifier.ts).
 */
export class SendFailure extends Error {
  constructor(
    readonly code: string,
    readonly permanent: boolean,
    message: string = code,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}
