import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appClock, loadConfig } from './env.ts';

describe('configuration', () => {
  it('defaults to port 3000 and a SQLite file under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('data', 'promotor.sqlite')}`);
    expect(config.seedDemoData).toBe(true);
    expect(config.devOutbox).toBe(true);
  });

  it('takes the consent proof key as the base64 of 32 bytes, and refuses anything else without echoing it', () => {
    const seed = Buffer.alloc(32, 7);
    expect(loadConfig({ CONSENT_PROOF_KEY: seed.toString('base64') }).consentProofKey).toEqual(seed);
    expect(loadConfig({}).consentProofKey).toBeNull();
    expect(() => loadConfig({ CONSENT_PROOF_KEY: 'krotki-klucz' })).toThrow(/CONSENT_PROOF_KEY: .*\(got a value not shown here\)/);
  });

  it('takes the idempotency hash key as the base64 of at least 32 bytes, and refuses anything else without echoing it', () => {
    const key = Buffer.alloc(48, 9);
    expect(loadConfig({ IDEMPOTENCY_HASH_KEY: key.toString('base64') }).idempotencyHashKey).toEqual(key);
    expect(loadConfig({ IDEMPOTENCY_HASH_KEY: ` ${Buffer.alloc(32, 1).toString('base64')}\n` }).idempotencyHashKey).toEqual(
      Buffer.alloc(32, 1),
    );
    expect(loadConfig({}).idempotencyHashKey).toBeNull();
    for (const bad of [Buffer.alloc(31, 9).toString('base64'), 'to nie jest base64 ani trochę, choć jest długie!!'])
      expect(() => loadConfig({ IDEMPOTENCY_HASH_KEY: bad })).toThrow(/IDEMPOTENCY_HASH_KEY: .*\(got a value not shown here\)/);
  });

  it('in production on PostgreSQL both shared keys are required (value or file); SQLite and development keep theirs in DATA_DIR', () => {
    const pg = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db:5432/promotor' };
    expect(() => loadConfig(pg)).toThrow(
      /IDEMPOTENCY_HASH_KEY: required in production on PostgreSQL \(or IDEMPOTENCY_HASH_KEY_FILE\)[^\n]*\n {2}CONSENT_PROOF_KEY: required in production on PostgreSQL/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).idempotencyHashKey).toBeNull();
    expect(loadConfig({ DATABASE_URL: pg.DATABASE_URL }).consentProofKey).toBeNull();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-keys-'));
    try {
      const [hashKey, proofSeed] = [Buffer.alloc(32, 3), Buffer.alloc(32, 4)];
      fs.writeFileSync(path.join(dir, 'hash'), `${hashKey.toString('base64')}\n`);
      fs.writeFileSync(path.join(dir, 'proof'), proofSeed.toString('base64'));
      const files = { IDEMPOTENCY_HASH_KEY_FILE: path.join(dir, 'hash'), CONSENT_PROOF_KEY_FILE: path.join(dir, 'proof') };
      const config = loadConfig({ ...pg, ...files });
      expect([config.idempotencyHashKey, config.consentProofKey]).toEqual([hashKey, proofSeed]);
      expect(() => loadConfig({ ...pg, ...files, CONSENT_PROOF_KEY: proofSeed.toString('base64') })).toThrow(
        'CONSENT_PROOF_KEY_FILE: give either CONSENT_PROOF_KEY or CONSENT_PROOF_KEY_FILE, not both',
      );
      expect(() => loadConfig({ ...pg, ...files, IDEMPOTENCY_HASH_KEY_FILE: path.join(dir, 'brak') })).toThrow(
        `IDEMPOTENCY_HASH_KEY_FILE: cannot read ${JSON.stringify(path.join(dir, 'brak'))} (ENOENT)`,
      );
      // A file's bad value is refused as the value would be, and not echoed.
      fs.writeFileSync(path.join(dir, 'hash'), 'krotki');
      expect(() => loadConfig({ ...pg, ...files })).toThrow(/IDEMPOTENCY_HASH_KEY: .*\(got a value not shown here\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a metrics token of at least 32 characters and a port of its own, never echoing the token (decision 132)', () => {
    const token = 'x'.repeat(32);
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'krotki-sekret-metryk' })).toThrow(/METRICS_TOKEN: .*\(got a value not shown here\)/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` })).toThrow(/METRICS_TOKEN: .*not shown here/);
    for (const bad of ['', 'dziewięć', '-1', '65536']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    // A metrics port reachable from other machines asks for the token; one on loopback may go without.
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(
      'METRICS_TOKEN: required with METRICS_PORT while HOST (0.0.0.0) is reachable from other machines',
    );
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(loadConfig({ METRICS_PORT: '9464', HOST: host }).metrics).toEqual({ token: null, port: 9464 });
  });

  it('gives the settings under the names the code reads, derived ones included', () => {
    const config = loadConfig({ SESSION_TTL_HOURS: '2', DATA_DIR: 'dane', NODE_ENV: 'test' });
    expect(Object.keys(config).sort()).toEqual([
      'blobs',
      'bodyLimitBytes',
      'cataloguesFile',
      'checkAnswers',
      'clockOffsetMs',
      'consentProofKey',
      'dataDir',
      'databaseUrl',
      'devOutbox',
      'email',
      'host',
      'idempotencyHashKey',
      'live',
      'logLevel',
      'loginLimitPerIpPerMinute',
      'loginLimitPerUserPer15Minutes',
      'map',
      'metrics',
      'migrationDatabaseUrl',
      'nodeEnv',
      'notifications',
      'port',
      'publicUrl',
      'push',
      'retention',
      'seedDemoData',
      'sessionTtlMs',
      'shutdownTimeoutMs',
      'sms',
      'timezone',
      'trustProxy',
      'voucherTopUpSize',
      'webDistDir',
    ]);
    expect(config).toMatchObject({
      sessionTtlMs: 2 * 3_600_000,
      dataDir: path.resolve('dane'),
      nodeEnv: 'test',
      timezone: 'Europe/Warsaw',
      checkAnswers: true,
      voucherTopUpSize: 10,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).checkAnswers).toBe(false);
    expect(loadConfig({ VOUCHER_TOP_UP_SIZE: '25' }).voucherTopUpSize).toBe(25);
    expect(() => loadConfig({ VOUCHER_TOP_UP_SIZE: '0' })).toThrow(/VOUCHER_TOP_UP_SIZE/);
    expect(loadConfig({ LIVE_FAR_METERS: '150' }).live.farMeters).toBe(150);
    expect(() => loadConfig({ LIVE_FAR_METERS: 'daleko' })).toThrow(/LIVE_FAR_METERS/);
    // Her notifications' SMS fallback and its sweep (decision 135); 0 turns the sweep off, not the fallback.
    expect(loadConfig({}).notifications).toEqual({ smsFallbackAfterMs: 600_000, sweepIntervalMs: 60_000 });
    expect(loadConfig({ SMS_FALLBACK_AFTER_SECONDS: '120', NOTIFICATION_SWEEP_INTERVAL_SECONDS: '0' }).notifications).toEqual({
      smsFallbackAfterMs: 120_000,
      sweepIntervalMs: 0,
    });
    expect(() => loadConfig({ SMS_FALLBACK_AFTER_SECONDS: '0' })).toThrow(/SMS_FALLBACK_AFTER_SECONDS/);
    expect(() => loadConfig({ NOTIFICATION_SWEEP_INTERVAL_SECONDS: 'co minutę' })).toThrow(/NOTIFICATION_SWEEP_INTERVAL_SECONDS/);
    // The web build beside the server, whether the sources run or the bundle in dist/ (npm start).
    expect(loadConfig({}).webDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
    // The shipped catalogues beside the server, replaced by pointing CATALOGUES_FILE elsewhere (decision 065).
    expect(loadConfig({}).cataloguesFile).toBe(path.resolve(import.meta.dirname, '../../catalogues/webform-catalogues.json'));
  });

  it('reads the live map’s tiles and the exceptions’ thresholds (decision 091)', () => {
    expect(loadConfig({})).toMatchObject({
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileOrigin: 'https://tile.openstreetmap.org',
        attribution: '© OpenStreetMap',
      },
      live: {
        farMeters: 300,
        notStartedMs: 15 * 60_000,
        noPositionMs: 20 * 60_000,
        outboxStaleMs: 10 * 60_000,
        earlyStartMs: 60 * 60_000,
        overrunMs: 30 * 60_000,
        shortShiftShare: 0.5,
      },
    });
    expect(loadConfig({ MAP_TILE_URL: '' }).map).toEqual({ tileUrl: null, tileOrigin: null, attribution: '© OpenStreetMap' });
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.pl:8443/osm/{z}/{x}/{y}.png' }).map.tileOrigin).toBe(
      'https://*.tiles.example.pl:8443',
    );
    expect(loadConfig({ LIVE_FAR_METERS: '150', LIVE_NOT_STARTED_MINUTES: '5' }).live).toMatchObject({
      farMeters: 150,
      notStartedMs: 300_000,
    });
    expect(loadConfig({ LIVE_EARLY_START_MINUTES: '90', LIVE_OVERRUN_MINUTES: '15', LIVE_SHORT_SHIFT_PERCENT: '25' }).live).toMatchObject({
      earlyStartMs: 90 * 60_000,
      overrunMs: 15 * 60_000,
      shortShiftShare: 0.25,
    });
    expect(() => loadConfig({ LIVE_SHORT_SHIFT_PERCENT: '101' })).toThrow(/LIVE_SHORT_SHIFT_PERCENT/);
    expect(() => loadConfig({ MAP_TILE_URL: 'tile.openstreetmap.org' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.pl/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ LIVE_FAR_METERS: '0' })).toThrow(/LIVE_FAR_METERS/);
  });

  it('takes PUBLIC_URL, where staff password links point, without its trailing slash; unset, none (decision 118)', () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://promotor.example.pl/' }).publicUrl).toBe('https://promotor.example.pl');
    expect(() => loadConfig({ PUBLIC_URL: 'promotor.example.pl' })).toThrow(/PUBLIC_URL/);
  });

  it('keeps pings 90 days, receipt images 2 years and codes 7 days, the job hourly, each settable (decision 099)', () => {
    expect(loadConfig({}).retention).toEqual({ locationDays: 90, receiptImageDays: 730, codeDays: 7, intervalMs: 3_600_000 });
    expect(
      loadConfig({
        LOCATION_RETENTION_DAYS: '30',
        RECEIPT_IMAGE_RETENTION_DAYS: '365',
        CODE_RETENTION_DAYS: '1',
        RETENTION_INTERVAL_MINUTES: '0',
      }).retention,
    ).toEqual({ locationDays: 30, receiptImageDays: 365, codeDays: 1, intervalMs: 0 });
    expect(() => loadConfig({ LOCATION_RETENTION_DAYS: '0' })).toThrow(/LOCATION_RETENTION_DAYS/);
    expect(() => loadConfig({ RECEIPT_IMAGE_RETENTION_DAYS: 'dwa lata' })).toThrow(/RECEIPT_IMAGE_RETENTION_DAYS/);
    expect(() => loadConfig({ CODE_RETENTION_DAYS: '1.5' })).toThrow(/CODE_RETENTION_DAYS/);
    expect(() => loadConfig({ RETENTION_INTERVAL_MINUTES: '-5' })).toThrow(/RETENTION_INTERVAL_MINUTES/);
  });

  it('a bad value stops the start with a message that names it', () => {
    expect(() => loadConfig({ PORT: 'osiemdziesiąt' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrow(/APP_TIMEZONE/);
  });

  it('SHUTDOWN_TIMEOUT_SECONDS bounds the drain: 30 s unless set, a whole positive number of seconds', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '10' }).shutdownTimeoutMs).toBe(10_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'pół minuty' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('a test run may move the clock (CLOCK_OFFSET_MS); production refuses it', () => {
    expect(loadConfig({}).clockOffsetMs).toBe(0);
    const clock = appClock(loadConfig({ CLOCK_OFFSET_MS: String(-86_400_000) }));
    const before = Date.now();
    const moved = clock().getTime();
    expect(moved).toBeGreaterThanOrEqual(before - 86_400_000);
    expect(moved).toBeLessThanOrEqual(Date.now() - 86_400_000);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_OFFSET_MS: '60000' })).toThrow(/CLOCK_OFFSET_MS: only outside production/);
    expect(() => loadConfig({ CLOCK_OFFSET_MS: 'jutro' })).toThrow(/CLOCK_OFFSET_MS/);
  });

  it('production never exposes the development outbox and seeds only when asked', () => {
    const config = loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
    expect(config.devOutbox).toBe(false);
    expect(config.seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('PostgreSQL is chosen by a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).databaseUrl).toBe('postgres://u@h:5432/db');
  });

  it('MIGRATION_DATABASE_URL names the owner beside a PostgreSQL DATABASE_URL, and never shows its password (decision 077)', () => {
    const both = { DATABASE_URL: 'postgres://app@h/db', MIGRATION_DATABASE_URL: 'postgres://owner:sekret@h/db' };
    expect(loadConfig(both).migrationDatabaseUrl).toBe('postgres://owner:sekret@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@h/db' }).migrationDatabaseUrl).toBeNull();
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner:sekret@h/db' })).toThrow(
      /MIGRATION_DATABASE_URL: only with a PostgreSQL DATABASE_URL \(SQLite has no roles\) \(got a value not shown here\)/,
    );
  });

  it('TRUST_PROXY takes a number of proxies or their addresses, never a blanket true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it("PUSH_ENDPOINT_HOSTS takes a company's push service host names, never an address or a single label", () => {
    expect(loadConfig({}).push.endpointHostSuffixes).toEqual([]);
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: 'Push.Firma.pl, wp.example.com' }).push.endpointHostSuffixes).toEqual([
      'push.firma.pl',
      'wp.example.com',
    ]);
    for (const bad of ['10.0.0.5', 'intranet', 'push.firma.pl,[::1]', 'https://push.firma.pl']) {
      expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: bad }), bad).toThrow(/PUSH_ENDPOINT_HOSTS: not a public host name/);
    }
  });

  it('e-mail and SMS go to the outbox unless a provider is chosen with all its settings (decision 064)', () => {
    expect(loadConfig({})).toMatchObject({ email: { kind: 'outbox' }, sms: { kind: 'outbox' } });
    const config = loadConfig({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://promotor:tajne@smtp.example.pl:465',
      EMAIL_FROM: 'Promotor <kody@example.pl>',
      SMS_TRANSPORT: 'http',
      SMS_GATEWAY_URL: 'https://api.smsapi.pl',
      SMS_GATEWAY_TOKEN: 'token-123',
      SMS_SENDER: 'Promotor',
    });
    expect(config.email).toEqual({ kind: 'smtp', url: 'smtps://promotor:tajne@smtp.example.pl:465', from: 'Promotor <kody@example.pl>' });
    expect(config.sms).toEqual({ kind: 'http', url: 'https://api.smsapi.pl', token: 'token-123', sender: 'Promotor' });
  });

  it('a chosen provider without its settings, or with a bad one, stops the start naming the key and never echoing a secret', () => {
    expect(() => loadConfig({ EMAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: required when EMAIL_TRANSPORT=smtp[\s\S]*EMAIL_FROM: required/,
    );
    expect(() => loadConfig({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'https://api.smsapi.pl' })).toThrow(
      /SMS_GATEWAY_TOKEN: required when SMS_TRANSPORT=http[\s\S]*SMS_SENDER: required/,
    );
    expect(() => loadConfig({ EMAIL_TRANSPORT: 'pigeon' })).toThrow(/EMAIL_TRANSPORT/);
    expect(() => loadConfig({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://x', EMAIL_FROM: 'nie-adres' })).toThrow(/EMAIL_FROM/);
    expect(() => loadConfig({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'ftp://x', SMS_GATEWAY_TOKEN: 't', SMS_SENDER: 'Promotor' })).toThrow(
      /SMS_GATEWAY_URL/,
    );
    expect(() =>
      loadConfig({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'https://x', SMS_GATEWAY_TOKEN: 't', SMS_SENDER: 'Promotor-Polska' }),
    ).toThrow(/SMS_SENDER/);
    const bad = () => loadConfig({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://login:tajne-haslo@host', EMAIL_FROM: 'a@b.pl' });
    expect(bad).toThrow(/SMTP_URL: expected smtp/);
    expect(bad).not.toThrow(/tajne-haslo/);
  });
});
