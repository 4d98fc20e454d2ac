import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendFailure } from './notifier.ts';
import { RetryingNotifier } from './retrying-notifier.ts';
import { SmsGatewayNotifier, gatewayNumber } from './sms-gateway-notifier.ts';

type Answer = 'ok' | 'error-json' | 'server-error' | 'hang';
type Received = { path: string; authorization: string | undefined; form: Record<string, string> };

/** A local HTTP server that records what it receives and answers like SMSAPI's /sms.do, as told per request. */
async function startGateway() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const answer = answers.shift() ?? 'ok';
      if (answer === 'hang') return void hanging.add(res);
      res.setHeader('content-type', 'application/json');
      if (answer === 'server-error') return void res.writeHead(500).end('Internal Server Error');
      // SMSAPI's refusal quotes the number it refused.
      const to = received.at(-1)!.form.to;
      if (answer === 'error-json') return void res.end(JSON.stringify({ error: 13, message: `No correct phone numbers: ${to}` }));
      res.end(
        JSON.stringify({ count: 1, list: [{ id: 'abc', points: 0.16, number: received.at(-1)!.form.to, status: 'QUEUE', error: null }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    received,
    answers,
    close: () => {
      for (const res of hanging) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A logger whose JSON lines the test reads. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}

const message = { channel: 'sms' as const, recipient: '+48 600-100-200', subject: 'Kod', body: 'Twój kod SMS: ĄĘ5ŻŹ. Ważny 10 minut.' };

describe('SMS through the HTTP gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => {
    gateway.answers.length = 0;
  });

  const adapter = (timeoutMs = 2_000) =>
    new SmsGatewayNotifier({ url: `${gateway.url}/`, token: 'token-123', sender: 'Promotor', timeoutMs });

  it('posts the message to /sms.do the way SMSAPI takes it, with the token and Polish letters intact', async () => {
    await adapter().send(message);
    expect(gateway.received.at(-1)).toEqual({
      path: '/api/sms.do',
      authorization: 'Bearer token-123',
      form: { to: '48600100200', message: message.body, from: 'Promotor', format: 'json', encoding: 'utf-8' },
    });
  });

  it('an error in the JSON answer is a failure; a refused number is not worth another try', async () => {
    gateway.answers.push('error-json');
    const error = await adapter()
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendFailure);
    expect(error).toMatchObject({
      permanent: true,
      code: 'gateway error 13 (HTTP 200)',
      message: 'SMS gateway error 13: No correct phone numbers: 48600100200',
    });
  });

  it('a 500 and a gateway that does not answer in time are failures worth another try', async () => {
    gateway.answers.push('server-error', 'hang');
    await expect(adapter().send(message)).rejects.toMatchObject({ permanent: false, code: 'HTTP 500' });
    const started = Date.now();
    await expect(adapter(300).send(message)).rejects.toMatchObject({
      permanent: false,
      code: 'timeout',
      message: 'SMS gateway: no answer within 300 ms',
    });
    // Its own 300 ms, not the 10 s default: a bound far from both, so that a busy machine's late timer
    // (two cores, other suites running) cannot fail it.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('writes numbers as the gateway takes them: digits with the country prefix', () => {
    expect(gatewayNumber('+48 600 100 200')).toBe('48600100200');
    expect(gatewayNumber('0048600100200')).toBe('48600100200');
    expect(gatewayNumber('48600100200')).toBe('48600100200');
  });

  describe('delivery policy', () => {
    const policy = { tries: 3, backoffMs: [100, 200], answerWithinMs: 500 };

    it('a gateway that hangs: send settles within the bound, a later try succeeds and is logged with the request id', async () => {
      gateway.answers.push('hang');
      const { log, lines } = recordingLogger();
      const notifier = new RetryingNotifier(adapter(1_500), 'sms-gateway', log, policy);
      const before = gateway.received.length;

      await notifier.send(message, { log: log.child({ reqId: 'req-42' }) });
      // Settled by the policy's bound, not by the end of the try: the gateway still holds it (the adapter
      // gives up after 1.5 s), so nothing of it is logged yet. Not timed by the wall clock: on a busy
      // machine the 500 ms timer may fire late, but always before the 1.5 s one.
      expect(lines).toEqual([]);
      await vi.waitFor(() => expect(gateway.received.length - before).toBeGreaterThanOrEqual(1), { timeout: 5_000 });

      await notifier.close();
      expect(gateway.received.length - before).toBe(2);
      expect(gateway.received.at(-1)!.form.message).toBe(message.body);
      expect(lines.map((l) => [l.reqId, l.msg, l.attempt])).toEqual([
        ['req-42', 'message not sent yet, trying again', 1],
        ['req-42', 'message sent', 2],
      ]);
      // The gateway's id of the message, so an operator can follow it up with the gateway.
      expect(lines[1]).toMatchObject({ messageId: 'abc' });
    });

    it('what could not be sent after the last try is logged at error level with the request id, without body or number', async () => {
      gateway.answers.push('server-error', 'server-error', 'server-error');
      const { log, lines } = recordingLogger();
      const notifier = new RetryingNotifier(adapter(), 'sms-gateway', log, policy);
      await notifier.send(message, { log: log.child({ reqId: 'req-43' }) });
      await notifier.close();

      const failed = lines.find((l) => l.msg === 'message could not be sent');
      expect(failed).toMatchObject({ reqId: 'req-43', level: 50, attempts: 3, channel: 'sms', transport: 'sms-gateway' });
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain('ĄĘ5ŻŹ');
      expect(logged).not.toContain('600100200');
    });

    it("a permanent refusal is not tried again, and is logged by the failure's name and code: never the gateway's text quoting the number", async () => {
      gateway.answers.push('error-json');
      const { log, lines } = recordingLogger();
      const notifier = new RetryingNotifier(adapter(), 'sms-gateway', log, policy);
      const before = gateway.received.length;
      await notifier.send(message, { log });
      await notifier.close();
      expect(gateway.received.length - before).toBe(1);
      expect(lines).toMatchObject([
        {
          msg: 'message could not be sent',
          attempts: 1,
          permanent: true,
          failure: { name: 'SendFailure', code: 'gateway error 13 (HTTP 200)' },
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain('600100200');
    });
  });
});
