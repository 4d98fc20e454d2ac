import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { DEVELOPMENT_VAPID_SUBJECT, VAPID_KEY_FILE, vapidKeys } from './push-keys.ts';

// VAPID settings (issue 37, decision 136): the configured pair, development's kept one, and the
// settings that stop the start.

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const pair = webpush.generateVAPIDKeys();
const configured = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:it@firma-promocyjna.pl' };
const startError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('VAPID keys', () => {
  it('without VAPID_* development keeps one generated pair in DATA_DIR, readable only by its owner, and reuses it', () => {
    const dir = dataDir();
    const first = vapidKeys(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }));
    const again = vapidKeys(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }));
    expect(first).toEqual(again);
    expect(first!.subject).toBe(DEVELOPMENT_VAPID_SUBJECT);
    expect(Buffer.from(first!.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(dir, VAPID_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(vapidKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir() }))!.publicKey).not.toBe(first!.publicKey);
  });

  it('production without VAPID_* has no push, and keeps no key', () => {
    const dir = dataDir();
    expect(vapidKeys(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }))).toBeNull();
    expect(fs.existsSync(path.join(dir, VAPID_KEY_FILE))).toBe(false);
  });

  it('the configured pair is the one used, also in development; the private key may come from a file', () => {
    const dir = dataDir();
    expect(vapidKeys(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, ...configured }))).toEqual({
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
      subject: 'mailto:it@firma-promocyjna.pl',
    });
    expect(fs.existsSync(path.join(dir, VAPID_KEY_FILE))).toBe(false);
    const file = path.join(dir, 'vapid.key');
    fs.writeFileSync(file, `${pair.privateKey}\n`);
    const { VAPID_PRIVATE_KEY: _, ...rest } = configured;
    expect(vapidKeys(loadConfig({ NODE_ENV: 'production', ...rest, VAPID_PRIVATE_KEY_FILE: file }))!.privateKey).toBe(pair.privateKey);
  });

  it.each([
    'mailto:admin@localhost',
    'mailto:push@promotor.local',
    'https://localhost:3000',
    'https://127.0.0.1/',
    'https://intranet/',
    'admin@firma.pl',
    'http://firma.pl',
  ])('VAPID_SUBJECT %s stops the start with a line naming it', (subject) => {
    const message = startError({ ...configured, VAPID_SUBJECT: subject });
    expect(message).toMatch(/^Invalid configuration:\n {2}VAPID_SUBJECT: /);
    expect(message!.split('\n')).toHaveLength(2);
  });

  it.each(['mailto:it@firma-promocyjna.pl', 'https://promotor.firma-promocyjna.pl/kontakt'])('VAPID_SUBJECT %s is taken', (subject) => {
    expect(loadConfig({ ...configured, VAPID_SUBJECT: subject }).push.vapid!.subject).toBe(subject);
  });

  it('half a setting, or the keys of two pairs, stop the start; the private key is never echoed', () => {
    expect(startError({ VAPID_PUBLIC_KEY: pair.publicKey })).toMatch(/VAPID_PRIVATE_KEY: required when any VAPID_\* is set/);
    const other = webpush.generateVAPIDKeys();
    expect(startError({ ...configured, VAPID_PUBLIC_KEY: other.publicKey })).toMatch(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    const bad = startError({ ...configured, VAPID_PRIVATE_KEY: 'tajne-ale-krotkie' });
    expect(bad).toMatch(/VAPID_PRIVATE_KEY: expected the base64url of 32 bytes \(got a value not shown here\)/);
    expect(bad).not.toContain('tajne');
  });
});
