// The SQL statements the API's hot paths run, as the server runs them — for `--explain` (their query
// plans, bench/explain.mjs) and for the database floor (bench/floor-capture.mjs, replayed by
// bench/anchor-server.mjs). Not retyped: the server's own openDatabase and its service and repository
// functions run for a demo promoter while the database driver (better-sqlite3's statements, pg's
// Client#query) records each executed statement with its parameters, however the server builds them.
// Runs under tsx (it imports the server's TypeScript).
import Database from 'better-sqlite3';
import pg from 'pg';

/** pg's own query, for the callers' other connections (explaining must not be recorded). */
export const originalQuery = pg.Client.prototype.query;

/** Statements as executed: the step that ran them, the SQL text, the driver's arguments. */
const captured = [];
let step = '';
let capturing = false;

const record = (text, args) => {
  // The connection's own set-up (PRAGMAs) runs before the first step and is no hot path; begin and
  // commit have no plan.
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) return;
  if (capturing && step && !captured.some((c) => c.step === step && c.text === text && JSON.stringify(c.args) === JSON.stringify(args)))
    captured.push({ step, text, args });
};

for (const method of ['all', 'get', 'run', 'iterate']) {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const original = proto[method];
  proto[method] = function (...args) {
    record(this.source, args);
    return original.apply(this, args);
  };
}
pg.Client.prototype.query = function (config, values, callback) {
  if (typeof config === 'string' && Array.isArray(values)) record(config, [values]);
  // A prepared query goes as a named statement: { name, text, values } (db/kysely.ts).
  else if (config && typeof config.text === 'string' && Array.isArray(config.values)) record(config.text, [config.values]);
  return originalQuery.call(this, config, values, callback);
};

/**
 * Runs the hot paths once for the promoter of `token` and answers what they executed, in order.
 * `writes`: also the location ping and its Idempotency-Key record (they add rows).
 */
export async function captureHotStatements({ url, token, timezone, writes = true }) {
  const { openDatabase } = await import('../apps/server/src/db/kysely.ts');
  const actions = await import('../apps/server/src/modules/actions/actions.service.ts');
  const auth = await import('../apps/server/src/plugins/auth.repository.ts');
  const authService = await import('../apps/server/src/modules/auth/auth.service.ts');
  const idempotency = await import('../apps/server/src/plugins/idempotency.repository.ts');

  const handle = openDatabase({ url });
  const now = () => new Date();
  const deps = { db: handle.db, now, timezone };
  captured.length = 0;
  capturing = true;
  try {
    step = 'session lookup (every authenticated call)';
    const session = await auth.findSessionByToken(handle.db, token);
    if (!session) throw new Error('the token names no session');
    const caller = { userId: session.user_id };
    step = '/auth/session (after the lookup)';
    // A TTL that moves the expiry less than a step: the resume as almost every call makes it, without its write.
    const sessionTtlMs = Date.parse(session.expires_at) - now().getTime();
    await authService.resume(
      { db: handle.db, now, sessionTtlMs, notifier: null },
      { userId: session.user_id, sessionId: session.id, token, expiresAt: session.expires_at },
    );
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: timezone }).format(now());
    step = '/action/list (current)';
    await actions.list(deps, caller, {
      actions: { since: `${today} 00:00:00`, filters: { statuses: ['started', 'accepted'] } },
      pagination: { limit: 200, offset: 0 },
    });
    step = '/action/recent';
    const { current } = await actions.recent(deps, caller);
    if (writes) {
      if (!current) throw new Error('the promoter has no started action: /action/location/save cannot run');
      step = 'Idempotency-Key (every call that changes something)';
      const scope = `${caller.userId} /api/action/location/save`;
      const key = `bench-capture-${process.pid}`;
      await idempotency.insertPending(handle.db, { scope, key, request_hash: 'bench', created_at: now().toISOString() });
      await idempotency.find(handle.db, scope, key);
      step = '/action/location/save';
      await actions.saveLocation(deps, caller, {
        action: { uuid: current.uuid },
        location: { latitude: 52.2, longitude: 21.0, accuracy: 10, capturedAt: now().toISOString() },
      });
      step = 'Idempotency-Key (every call that changes something)';
      await idempotency.complete(handle.db, scope, key, 200, '{}');
    }
  } finally {
    capturing = false;
    step = '';
    await handle.destroy();
  }
  return [...captured];
}
