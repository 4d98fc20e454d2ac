import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendFailure } from './notifier.ts';
import { RetryingNotifier } from './retrying-notifier.ts';
import { SmtpNotifier } from './smtp-notifier.ts';

type Received = { from: string; to: string[]; user: string | undefined; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it receives; it refuses one address, quoting
 * it as Postfix does ('550 5.1.1 <address>: Recipient address rejected: User unknown').
 */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, done) =>
      auth.username === 'promotor' && auth.password === 'tajne-haslo' ? done(null, { user: auth.username }) : done(new Error('bad login')),
    onRcptTo: (address, _session, done) =>
      address.address === 'nie-ma@example.pl'
        ? done(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }))
        : done(),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Header value with RFC 2047 encoded words decoded (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

function qp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** The plain-text body, decoded from its Content-Transfer-Encoding. */
function textBody(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = header(raw, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return qp(body);
  return body;
}

describe('SMTP e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let notifier: SmtpNotifier;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    notifier = new SmtpNotifier({
      url: `smtp://promotor:tajne-haslo@127.0.0.1:${smtp.port}`,
      from: 'Promotor <kody@promotor.example.pl>',
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await notifier.close();
    await smtp.close();
  });

  it('delivers a Polish message in plain text to the recipient, logged in with the URL credentials', async () => {
    const body = 'Twój kod weryfikacyjny: ŻÓŁW5. Kod jest ważny 10 minut — zachowaj go dla siebie.';
    await notifier.send({ channel: 'email', recipient: 'konsument@example.pl', subject: 'Kod weryfikacyjny — zgłoszenie', body });

    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual(['konsument@example.pl']);
    expect(message.from).toBe('kody@promotor.example.pl');
    expect(message.user).toBe('promotor');
    expect(header(message.raw, 'Subject')).toBe('Kod weryfikacyjny — zgłoszenie');
    expect(header(message.raw, 'Content-Type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(textBody(message.raw).trim()).toBe(body);
  });

  it("a refused recipient is a permanent failure, not worth another try; the failure's code names no one", async () => {
    const before = smtp.received.length;
    const error = await notifier
      .send({ channel: 'email', recipient: 'nie-ma@example.pl', subject: 'Kod', body: 'Kod: ABCDE' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendFailure);
    expect(error).toMatchObject({ permanent: true, code: 'EENVELOPE 550' });
    // The server's reply quoted the address: it is in the message, which nothing logs.
    expect((error as SendFailure).message).toContain('nie-ma@example.pl');
    expect(smtp.received).toHaveLength(before);
  });

  it("through the delivery policy the refusal is logged by the failure's name and code, never by the reply that quotes the address", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const log = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
    const retrying = new RetryingNotifier(notifier, 'smtp', log, { tries: 3, backoffMs: [50], answerWithinMs: 2_000 });
    await retrying.send(
      { channel: 'email', recipient: 'nie-ma@example.pl', subject: 'Kod', body: 'Kod: ABCDE' },
      { log: log.child({ reqId: 'req-7' }) },
    );
    await retrying.send({ channel: 'email', recipient: 'jest@example.pl', subject: 'Kod', body: 'Kod: FGHIJ' });
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['message could not be sent', 'req-7'],
      ['message sent', undefined],
    ]);
    expect(lines[0]).toMatchObject({ permanent: true, attempts: 1, failure: { name: 'SendFailure', code: 'EENVELOPE 550' } });
    // The server's id of the accepted message is logged; the recipients are not.
    expect(lines[1]!.messageId).toEqual(expect.stringMatching(/^<.+>$/));
    expect(JSON.stringify(lines)).not.toMatch(/nie-ma@example\.pl|jest@example\.pl/);
  });

  it('a server that is not there is a failure worth another try', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const nowhere = new SmtpNotifier({ url: `smtp://127.0.0.1:${closed.port}`, from: 'kody@promotor.example.pl', timeoutMs: 1_000 });
    const error = await nowhere.send({ channel: 'email', recipient: 'a@example.pl', subject: 'Kod', body: 'Kod' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendFailure);
    expect((error as SendFailure).permanent).toBe(false);
  });
});
