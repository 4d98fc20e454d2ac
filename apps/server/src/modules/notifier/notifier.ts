import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import * as repo from './notifier.repository.ts';

export type Message = { channel: 'email' | 'sms'; recipient: string; subject: string; body: string };

/** Sends e-mails and SMS. A deployment plugs in its provider; the default keeps an outbox. */
export interface Notifier {
  send(message: Message): Promise<void>;
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

  async send(message: Message): Promise<void> {
    await repo.insertOutboxMessage(this.db, { ...message, created_at: this.now().toISOString() });
    // The body carries a secret code: never log it.
    this.log.info({ channel: message.channel, recipient: message.recipient, subject: message.subject }, 'message queued in outbox');
  }
}

/** A message as the outbox keeps it: for the development page and for tests that read a sent code. */
export type StoredMessage = { id: number; channel: string; recipient: string; subject: string; body: string; created_at: string };

/** The newest messages of the outbox first. */
export function listOutbox(db: Db, limit = 50): Promise<StoredMessage[]> {
  return repo.listOutboxMessages(db, limit);
}
