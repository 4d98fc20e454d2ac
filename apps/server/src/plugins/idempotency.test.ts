import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config/env.ts';
import { hmacSha256, sha256 } from '../lib/crypto.ts';
import { PROMOTER_PASSWORD, createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { buildPromoter, buildSignedInPromoter } from '../test/builders.ts';
import { listOutbox } from '../modules/notifier/notifier.ts';
import { HASH_KEY_FILE } from './idempotency.ts';

/** What the hash covers: method, route and the body's canonical JSON (here a body of one string field). */
const requestText = (url: string, field: string, value: string) => `POST /api${url} {${JSON.stringify(field)}:${JSON.stringify(value)}}`;

describe.each(testDatabases)('Idempotency-Key (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const outboxSize = async () => (await listOutbox(t.db, 1000)).length;
  const stored = (key: string) =>
    t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', 'anonymous /api/auth/reset-token')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
  const resetToken = (app: FastifyInstance, username: string, key: string) =>
    post(app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': key });

  /** Another instance on the same database, as behind a load balancer (or this one restarted). */
  async function instance(config: Config, logStream?: NodeJS.WritableStream): Promise<FastifyInstance> {
    const app = await buildApp({
      config,
      database: { db: t.db, dialect, dropOldVersions: async () => true, destroy: async () => {} },
      now: t.clock.now,
      logger: logStream !== undefined,
      ...(logStream ? { logStream } : {}),
    });
    await app.ready();
    return app;
  }

  it('a repeat with the same key and body returns the first answer and changes nothing', async () => {
    const { username } = await buildPromoter(t, { mobilePhone: '+48600100200' });
    const before = await outboxSize();
    const first = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'reset-1' });
    const again = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'reset-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await outboxSize()).toBe(before + 2); // one SMS and one e-mail, not four
  });

  it('the same key with another body answers 422 E_IDEMPOTENCY_KEY_REUSED', async () => {
    const ewa = await buildPromoter(t);
    const ola = await buildPromoter(t);
    await post(t.app, '/auth/reset-token', { username: ewa.username }, undefined, { 'idempotency-key': 'reset-2' });
    const other = await post(t.app, '/auth/reset-token', { username: ola.username }, undefined, { 'idempotency-key': 'reset-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().data.error).toBe('E_IDEMPOTENCY_KEY_REUSED');
  });

  it('a refused request is replayed as refused, without running again', async () => {
    const first = await post(t.app, '/auth/reset-token', { username: 'nikt@demo.pl' }, undefined, { 'idempotency-key': 'reset-3' });
    const again = await post(t.app, '/auth/reset-token', { username: 'nikt@demo.pl' }, undefined, { 'idempotency-key': 'reset-3' });
    expect(first.json().data.error).toBe('E_USER_NOT_FOUND');
    expect(again.body).toBe(first.body);
  });

  it('keys of different promoters do not collide', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const a = await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-1' } }, ewa.token, { 'idempotency-key': 'same' });
    const p = await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-1' } }, ola.token, { 'idempotency-key': 'same' });
    expect(a.statusCode).toBe(200);
    expect(p.statusCode).toBe(200);
    expect(p.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is a 400 E_VALIDATION', async () => {
    const { username } = await buildPromoter(t);
    const res = await post(t.app, '/auth/reset-token', { username }, undefined, { 'idempotency-key': 'x'.repeat(300) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error).toBe('E_VALIDATION');
  });

  it('login answers are never stored, since they carry a token', async () => {
    const { username } = await buildPromoter(t);
    const headers = { 'idempotency-key': 'login-1' };
    const a = await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD }, undefined, headers);
    const b = await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD }, undefined, headers);
    expect(a.json().data.token.token).not.toBe(b.json().data.token.token);
    const stored = await t.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.some((r) => r.response_body?.includes(a.json().data.token.token))).toBe(false);
  });

  // Decision 102: the stored hash must not let whoever reads the table confirm a guessed body (her e-mail).
  it('stores a keyed hash of the request (the key kept in DATA_DIR), never its plain SHA-256', async () => {
    const { username } = await buildPromoter(t);
    expect((await resetToken(t.app, username, 'keyed-1')).statusCode).toBe(200);
    const text = requestText('/auth/reset-token', 'username', username);
    const row = await stored('keyed-1');
    const keyFile = path.join(t.config.dataDir, HASH_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const keptKey = Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64');
    expect(row.request_hash).toBe(`hmac-sha256:${hmacSha256(keptKey, text)}`);
    expect(row.request_hash).not.toContain(sha256(text));
    expect(row.request_hash).not.toContain(sha256(username));
  });

  it('a row written before the keyed hash (a plain SHA-256) still replays a retry, and still refuses another body', async () => {
    const ewa = await buildPromoter(t);
    const ola = await buildPromoter(t);
    const first = await resetToken(t.app, ewa.username, 'legacy-1');
    // As a server before decision 102 stored it.
    await t.db
      .updateTable('idempotency_keys')
      .set({ request_hash: sha256(requestText('/auth/reset-token', 'username', ewa.username)) })
      .where('key', '=', 'legacy-1')
      .execute();
    const before = await outboxSize();
    const again = await resetToken(t.app, ewa.username, 'legacy-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await outboxSize()).toBe(before);
    const other = await resetToken(t.app, ola.username, 'legacy-1');
    expect([other.statusCode, other.json().data.error]).toEqual([422, 'E_IDEMPOTENCY_KEY_REUSED']);
  });

  it('instances with the same key replay each other’s answers; one with another key answers 422 (set IDEMPOTENCY_HASH_KEY on all)', async () => {
    const { username } = await buildPromoter(t);
    const first = await resetToken(t.app, username, 'instances-1');
    // The same DATA_DIR: the same kept key (a restart).
    const same = await instance(t.config);
    const other = await instance({ ...t.config, idempotencyHashKey: randomBytes(32) });
    try {
      const replayed = await resetToken(same, username, 'instances-1');
      expect([replayed.statusCode, replayed.headers['idempotent-replayed'], replayed.body]).toEqual([200, 'true', first.body]);
      const refused = await resetToken(other, username, 'instances-1');
      expect([refused.statusCode, refused.json().data.error]).toEqual([422, 'E_IDEMPOTENCY_KEY_REUSED']);
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('IDEMPOTENCY_HASH_KEY, when set, is the key', async () => {
    const key = randomBytes(48);
    const configured = await instance({ ...t.config, idempotencyHashKey: key });
    try {
      const { username } = await buildPromoter(t);
      expect((await resetToken(configured, username, 'configured-1')).statusCode).toBe(200);
      const text = requestText('/auth/reset-token', 'username', username);
      expect((await stored('configured-1')).request_hash).toBe(`hmac-sha256:${hmacSha256(key, text)}`);
    } finally {
      await configured.close();
    }
  });

  it('in production, a start without IDEMPOTENCY_HASH_KEY warns that the key is only the one kept in DATA_DIR', async () => {
    const warnings = async (idempotencyHashKey: Config['idempotencyHashKey']) => {
      const lines: string[] = [];
      const logStream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
      await (await instance({ ...t.config, nodeEnv: 'production', logLevel: 'warn', idempotencyHashKey }, logStream)).close();
      return lines.filter((l) => l.includes('IDEMPOTENCY_HASH_KEY'));
    };
    expect(await warnings(null)).toHaveLength(1);
    expect(await warnings(randomBytes(32))).toEqual([]);
  });
});
