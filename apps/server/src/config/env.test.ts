import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('defaults to port 3000 and a SQLite file under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('data', 'promotor.sqlite')}`);
    expect(config.seedDemoData).toBe(true);
    expect(config.devOutbox).toBe(true);
  });

  it('gives the settings under the names the code reads, derived ones included', () => {
    const config = loadConfig({ SESSION_TTL_HOURS: '2', DATA_DIR: 'dane', NODE_ENV: 'test' });
    expect(Object.keys(config).sort()).toEqual([
      'bodyLimitBytes',
      'checkAnswers',
      'dataDir',
      'databaseUrl',
      'devOutbox',
      'host',
      'logLevel',
      'loginLimitPerIpPerMinute',
      'loginLimitPerUserPer15Minutes',
      'nodeEnv',
      'port',
      'seedDemoData',
      'sessionTtlMs',
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
    // The web build beside the server, whether the sources run or the bundle in dist/ (npm start).
    expect(loadConfig({}).webDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });

  it('a bad value stops the start with a message that names it', () => {
    expect(() => loadConfig({ PORT: 'osiemdziesiąt' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrow(/APP_TIMEZONE/);
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

  it('TRUST_PROXY takes a number of proxies or their addresses, never a blanket true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});
