import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/kysely.ts';
import { OutboxNotifier, type Message, type Notifier, type SendContext } from './notifier.ts';
import { DEFAULT_DELIVERY_POLICY, RetryingNotifier, type DeliveryPolicy } from './retrying-notifier.ts';
import { SmsGatewayNotifier } from './sms-gateway-notifier.ts';
import { SmtpNotifier } from './smtp-notifier.ts';

/** Each channel to its own notifier: e-mail by SMTP and SMS through the outbox is a valid set-up. */
export class ChannelNotifier implements Notifier {
  constructor(private readonly channels: Record<Message['channel'], Notifier>) {}

  send(message: Message, context?: SendContext): Promise<void> {
    return this.channels[message.channel].send(message, context);
  }

  sendOnce(message: Message, context?: SendContext): Promise<void> {
    return this.channels[message.channel].sendOnce(message, context);
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.channels).map((notifier) => notifier.close?.()));
  }
}

export type NotifierDeps = {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Tests shorten the waits; the server uses the defaults. */
  policy?: DeliveryPolicy;
  /** How long one try may take, in ms. */
  tryTimeoutMs?: number;
};

/** The notifier the configuration asks for (decision 064). */
export function createNotifier(config: Pick<Config, 'email' | 'sms' | 'nodeEnv'>, deps: NotifierDeps): ChannelNotifier {
  const { db, log, now, policy = DEFAULT_DELIVERY_POLICY, tryTimeoutMs } = deps;
  const outbox = new OutboxNotifier(db, log, now);
  const timeout = tryTimeoutMs === undefined ? {} : { timeoutMs: tryTimeoutMs };
  const email =
    config.email.kind === 'smtp'
      ? new RetryingNotifier(new SmtpNotifier({ url: config.email.url, from: config.email.from, ...timeout }), 'smtp', log, policy)
      : outbox;
  const sms =
    config.sms.kind === 'http'
      ? new RetryingNotifier(new SmsGatewayNotifier({ ...config.sms, ...timeout }), 'sms-gateway', log, policy)
      : outbox;
  if (config.nodeEnv === 'production') {
    // Allowed (a trial run, or a deployment whose operator reads codes from the table), but nobody
    // receives these messages, so say so where the operator looks first.
    if (config.email.kind === 'outbox') log.warn('EMAIL_TRANSPORT=outbox in production: e-mails are only stored in the outbox table');
    if (config.sms.kind === 'outbox') log.warn('SMS_TRANSPORT=outbox in production: SMS are only stored in the outbox table');
  }
  return new ChannelNotifier({ email, sms });
}
