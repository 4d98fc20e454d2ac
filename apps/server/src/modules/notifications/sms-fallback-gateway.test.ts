import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { atWallHour } from '../../test/live.ts';
import { buildNotification, notificationRows, resend, sweep } from '../../test/notifications.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { SMS_MAX_ATTEMPTS, SMS_RETRY_BACKOFF_MS } from './sms-fallback.service.ts';

// The SMS fallback through the HTTP gateway (SMS_TRANSPORT=http, decision 064) that the password-reset
// codes use: a failure that may pass (5xx) is tried again over the next sweeps with backoff, then the
// SMS is 'failed'; a refusal (the gateway's error for a bad number) fails at once (decision 135).

/** 'held': no answer until release(), then a 500 (a slow gateway that fails in the end). */
type Answer = 'ok' | 'server-error' | 'refused' | 'held';

/** A local gateway shaped after SMSAPI's /sms.do that answers as told, one answer per request. */
async function startGateway() {
  const answers: Answer[] = [];
  const received: Record<string, string>[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      const answer = answers.shift() ?? 'ok';
      res.setHeader('content-type', 'application/json');
      if (answer === 'held') return void held.push(res);
      if (answer === 'server-error') return void res.writeHead(500).end('{}');
      if (answer === 'refused') return void res.end(JSON.stringify({ error: 13, message: 'No correct phone numbers' }));
      res.end(JSON.stringify({ count: 1, list: [{ id: `sms-${received.length}`, status: 'QUEUE', error: null }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => held.splice(0).forEach((res) => res.writeHead(500).end('{}'));
  return {
    url: `http://127.0.0.1:${port}/api`,
    answers,
    received,
    release,
    close: () => {
      release();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe.each(testDatabases)('the SMS fallback through the gateway (%s)', (dialect) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let territory: string;
  let coordinator: { token: string };
  beforeAll(async () => {
    gateway = await startGateway();
    t = await createTestApp(dialect, {
      env: { SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'token-123', SMS_SENDER: 'Promotor' },
    });
    territory = await buildTerritory(t, 'WAW');
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => {
    gateway.answers.length = 0;
    gateway.received.length = 0;
    t.clock.advance(86_400_000);
    atWallHour(t, 10);
  });

  const due = async () => {
    const her = await buildSignedInPromoter(t, { mobilePhone: '+48 600 700 800', territories: [territory] });
    await buildNotification(t, her, { kind: 'action_cancelled', sms: 'waiting', minutesAgo: 11 });
    return her;
  };
  const smsOf = async (userId: string) => (await notificationRows(t, userId)).map((r) => [r.sms_state, r.sms_attempts]);

  it('a gateway failure is tried again after 1 and 5 minutes, then it is failed', async () => {
    const her = await due();
    gateway.answers.push('server-error', 'server-error', 'server-error');
    expect(await sweep(t)).toEqual(['retrying']);
    expect(await smsOf(her.userId)).toEqual([['waiting', 1]]);
    // Not before its backoff.
    t.clock.advance(SMS_RETRY_BACKOFF_MS[0]! - 1000);
    expect(await sweep(t)).toEqual([]);
    t.clock.advance(1000);
    expect(await sweep(t)).toEqual(['retrying']);
    t.clock.advance(SMS_RETRY_BACKOFF_MS[1]!);
    expect(await sweep(t)).toEqual(['failed']);
    expect(await smsOf(her.userId)).toEqual([['failed', SMS_MAX_ATTEMPTS]]);
    expect(gateway.received).toHaveLength(SMS_MAX_ATTEMPTS);
    expect(gateway.received[0]).toMatchObject({
      to: '48600700800',
      message: 'Promotor: Odwołano jedną z Twoich akcji. Szczegóły w aplikacji Promotor.',
    });
  });

  it('a failure that passes: sent at the second try', async () => {
    const her = await due();
    gateway.answers.push('server-error', 'ok');
    await sweep(t);
    t.clock.advance(SMS_RETRY_BACKOFF_MS[0]!);
    expect(await sweep(t)).toEqual(['sent']);
    expect(await smsOf(her.userId)).toEqual([['sent', 2]]);
  });

  it("a resend while a sweep waits on the gateway: the resend's SMS stays sent, the sweep's late failure writes nothing", async () => {
    const her = await due();
    gateway.answers.push('held', 'ok');
    const sweeping = sweep(t);
    await vi.waitFor(() => expect(gateway.received).toHaveLength(1));

    const res = await resend(t.app, coordinator.token, (await notificationRows(t, her.userId))[0]!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notification.sms).toBe('sent');
    gateway.release();
    await sweeping;

    const [row] = await notificationRows(t, her.userId);
    expect([row!.sms_state, row!.sms_sent_at, row!.sms_claim]).toEqual(['sent', t.clock.now().toISOString(), null]);
    expect(gateway.received).toHaveLength(2);
  });

  it("the gateway's refusal of her number fails at once", async () => {
    const her = await due();
    gateway.answers.push('refused');
    expect(await sweep(t)).toEqual(['failed']);
    expect(await smsOf(her.userId)).toEqual([['failed', 1]]);
    t.clock.advance(10 * 60_000);
    expect(await sweep(t)).toEqual([]);
    expect(gateway.received).toHaveLength(1);
  });
});
