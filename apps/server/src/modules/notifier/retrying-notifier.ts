import type { FastifyBaseLogger } from 'fastify';
import { SendFailure, type DeliveryProvider, type Message, type Notifier, type SendContext } from './notifier.ts';

export type DeliveryPolicy = {
  /** Tries in all, the first included. */
  tries: number;
  /** The wait before the 2nd, 3rd… try; the last value repeats. */
  backoffMs: number[];
  /** send() settles by then at the latest, whatever the provider does; the tries go on in the background. */
  answerWithinMs: number;
};

/** 3 tries over ~10 s plus the providers' own timeouts; the HTTP answer waits at most 3 s (decision 064). */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { tries: 3, backoffMs: [2_000, 8_000], answerWithinMs: 3_000 };

/**
 * A failure as the log shows it: the error's name and code only. Never its message: a provider's text
 * (an SMTP reply, a gateway's answer) often quotes the recipient, who may be a consumer (decision 064).
 */
function loggable(error: unknown): { name: string; code: string | undefined } {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return {
    name: typeof name === 'string' ? name : typeof error,
    code: typeof code === 'string' || typeof code === 'number' ? String(code) : undefined,
  };
}

/**
 * The delivery policy around one provider: send() waits for the first try up to answerWithinMs, then
 * settles (it never rejects) while a failed send is tried again in the background. What could not be
 * sent is logged at error level through the request's logger, so with its reqId, and without the body,
 * which carries a code, nor the recipient, who may be a consumer (personal data), nor the provider's
 * error text (loggable).
 */
export class RetryingNotifier implements Notifier {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly provider: DeliveryProvider,
    private readonly transport: string,
    private readonly log: FastifyBaseLogger,
    private readonly policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
  ) {}

  send(message: Message, context?: SendContext): Promise<void> {
    let firstTryDone!: () => void;
    const firstTry = new Promise<void>((resolve) => (firstTryDone = resolve));
    const delivery = this.deliver(message, context?.log ?? this.log, firstTryDone);
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.policy.answerWithinMs)));
    return Promise.race([firstTry, bound]).finally(() => clearTimeout(timer));
  }

  /** One try, without the background retries: the caller learns the outcome and keeps its own (decision 135). */
  async sendOnce(message: Message, context?: SendContext): Promise<void> {
    const log = context?.log ?? this.log;
    const about = { channel: message.channel, transport: this.transport, subject: message.subject };
    try {
      const { messageId } = await this.provider.send(message);
      log.info({ ...about, attempt: 1, messageId }, 'message sent');
    } catch (error) {
      const permanent = error instanceof SendFailure && error.permanent;
      log.warn({ ...about, failure: loggable(error), permanent }, 'message not sent');
      throw error instanceof SendFailure ? error : new SendFailure(loggable(error).name, false);
    }
  }

  /** Waits for the deliveries in flight (at most maxWaitMs), then lets the provider close its connections. */
  async close(maxWaitMs = 15_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), bound]).finally(() => clearTimeout(timer));
    await this.provider.close?.();
  }

  private async deliver(message: Message, log: FastifyBaseLogger, firstTryDone: () => void): Promise<void> {
    const about = { channel: message.channel, transport: this.transport, subject: message.subject };
    for (let attempt = 1; ; attempt++) {
      try {
        const { messageId } = await this.provider.send(message);
        log.info({ ...about, attempt, messageId }, 'message sent');
        return;
      } catch (error) {
        const permanent = error instanceof SendFailure && error.permanent;
        const failure = loggable(error);
        if (permanent || attempt >= this.policy.tries) {
          log.error({ ...about, attempts: attempt, failure, permanent }, 'message could not be sent');
          return;
        }
        log.warn({ ...about, attempt, failure }, 'message not sent yet, trying again');
      } finally {
        firstTryDone();
      }
      const { backoffMs } = this.policy;
      await new Promise((resolve) => setTimeout(resolve, backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0));
    }
  }
}
