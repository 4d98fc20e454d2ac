import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotifier } from './create-notifier.ts';
import { listOutbox } from './notifier.ts';

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

describe('the notifier chosen by configuration', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let port: number;
  const recipients: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, done) => {
        stream.resume();
        stream.on('end', () => {
          recipients.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  it('each channel goes its own way: e-mail by SMTP, SMS still to the outbox', async () => {
    const { log } = recordingLogger();
    const email = { kind: 'smtp' as const, url: `smtp://127.0.0.1:${port}`, from: 'kody@promotor.example.pl' };
    const notifier = createNotifier({ nodeEnv: 'test', email, sms: { kind: 'outbox' } }, { db: t.db, log, now: () => new Date() });
    await notifier.send({ channel: 'email', recipient: 'jan@example.pl', subject: 'Kod', body: 'Kod: ABCDE' });
    await notifier.send({ channel: 'sms', recipient: '+48600100200', subject: 'Kod', body: 'Kod: FGHIJ' });
    await notifier.close();

    expect(recipients).toEqual(['jan@example.pl']);
    const outbox = await listOutbox(t.db);
    expect(outbox.map((m) => [m.channel, m.recipient, m.body])).toEqual([['sms', '+48600100200', 'Kod: FGHIJ']]);
  });

  it('production with the outbox says at start that nobody receives the messages', () => {
    const { log, lines } = recordingLogger();
    const outbox = { kind: 'outbox' as const };
    createNotifier({ nodeEnv: 'production', email: outbox, sms: outbox }, { db: t.db, log, now: () => new Date() });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'EMAIL_TRANSPORT=outbox in production: e-mails are only stored in the outbox table'],
      [40, 'SMS_TRANSPORT=outbox in production: SMS are only stored in the outbox table'],
    ]);
    createNotifier({ nodeEnv: 'development', email: outbox, sms: outbox }, { db: t.db, log, now: () => new Date() });
    expect(lines).toHaveLength(2);
  });
});
