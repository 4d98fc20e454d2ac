import type { FastifyInstance } from 'fastify';

// The graceful drain of SIGTERM and SIGINT (decision 131), in this order:
// 1. `closing` is set: /readyz answers 503 at once, so the load balancer stops sending new requests;
// 2. READY_GRACE passes (min(5 s, half of SHUTDOWN_TIMEOUT_SECONDS)) while the server still answers
//    everything: a balancer notices only at its next probes, and what it sends meanwhile is served
//    (none with NODE_ENV=development: no balancer there, and `tsx watch` kills a reload after 5 s);
// 3. app.close(): the port stops accepting connections, idle keep-alive connections are closed
//    (forceCloseConnections 'idle'), requests in flight — an upload included — are finished, then the
//    onClose hooks run (the notifier's retries, the scheduled jobs and the files' drain stop at a safe
//    point, the bucket's client closes);
// 4. the database closes, the SQLite instance lock is released, exit 0.
// Past SHUTDOWN_TIMEOUT_SECONDS from the signal the process logs what it was doing and exits 1.

/** Read by /readyz; set when the drain begins. */
export type ShutdownState = { closing: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** app.ts decorates it, the drain sets it (server.ts), /readyz reads it. */
    shutdown: ShutdownState;
  }
}

/** The longest the server keeps answering after the signal before it stops accepting connections. */
export const READY_GRACE_MAX_MS = 5_000;

/** READY_GRACE: min(5 s, half the bound), so that half the bound is left to finish; none in development. */
export const readyGraceMs = (timeoutMs: number, nodeEnv: string) =>
  nodeEnv === 'development' ? 0 : Math.min(READY_GRACE_MAX_MS, Math.floor(timeoutMs / 2));

export type DrainOptions = {
  signal: string;
  /** How long the server still answers after /readyz turned 503 (readyGraceMs). */
  graceMs: number;
  timeoutMs: number;
  /** After app.close(): the database, the instance lock. */
  closeRest: () => Promise<void>;
  exit: (code: number) => void;
};

/** Runs the drain above once; a second signal while it runs changes nothing. */
export function drainAndExit(app: FastifyInstance, o: DrainOptions): void {
  if (app.shutdown.closing) return;
  app.shutdown.closing = true;
  let step = 'waiting for the load balancer to notice /readyz';
  app.log.info({ signal: o.signal, graceMs: o.graceMs, timeoutMs: o.timeoutMs }, 'shutting down: /readyz answers 503');
  const bound = setTimeout(() => {
    app.log.error({ step, timeoutMs: o.timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting');
    o.exit(1);
  }, o.timeoutMs);
  new Promise((resolve) => setTimeout(resolve, o.graceMs))
    .then(() => {
      step = 'finishing requests in flight and closing (app.close)';
      app.log.info('shutting down: no new connections, finishing requests in flight');
      return app.close();
    })
    .then(() => {
      step = 'closing the database';
      return o.closeRest();
    })
    .then(() => {
      clearTimeout(bound);
      app.log.info('shut down');
      o.exit(0);
    })
    .catch((err: unknown) => {
      clearTimeout(bound);
      app.log.error({ err, step }, 'shutdown failed');
      o.exit(1);
    });
}
