import type { FastifyInstance } from 'fastify';
import type { JobRunSink } from '../../plugins/scheduled-jobs.ts';
import type { PushSender } from './push-sender.ts';

/** The sender's name in /metrics' job series (decision 132). */
export const PUSH_SENDER_JOB = 'push-sender';

/**
 * Runs the sender's rounds in this instance every `everyMs`, and at once when woken (decision 136: the
 * send-back reaches her push service within 2 s). Rounds never overlap: a wake-up during one asks for
 * another after it. 0 schedules nothing (tests send themselves). On close the timer stops, requests in
 * flight are abandoned (their sends stay due), and the round ends before the database is closed.
 */
export function schedulePushSender(
  app: FastifyInstance,
  sender: PushSender,
  everyMs: number,
  metrics?: JobRunSink,
  now = () => new Date(),
): void {
  if (everyMs <= 0 || !sender.keys) return;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = sender
      .sendDue()
      .then((round) => {
        if (round.sent || round.failed || round.gone) app.log.info({ push: round }, 'pushes sent');
        metrics?.recordRun(PUSH_SENDER_JOB, 'ran', now());
      })
      .catch((err: unknown) => {
        metrics?.recordRun(PUSH_SENDER_JOB, 'failed', now());
        app.log.error({ err }, 'the push sender failed');
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  sender.onWake(run);
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    sender.stop();
    await running;
  });
}
