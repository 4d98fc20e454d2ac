import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCheckIn,
  buildLocation,
  buildPollAnswer,
  logIn,
  ok,
  reloadOutbox,
  useFakeServer,
  useFreshIndexedDb,
  type OutboxModule,
} from './test/outbox-test-kit.ts';
import { WAIT_MS } from '../../test/wait.ts';

// Decision 093: every call of her phone says what waits in its outbox, X-Outbox: <count>; <oldest>.

let outbox: OutboxModule;

/** The app's client of the modules loaded now (the outbox registers itself with this one). */
const appClient = async () => (await import('../api-client.ts')).api;

/** The outbox started and read what the database holds: from now on the calls say it. */
async function outboxRead() {
  outbox.flushOutbox();
  const { outboxHeader } = await import('./outbox-header.ts');
  await vi.waitFor(() => expect(outboxHeader()).not.toBeNull(), { timeout: WAIT_MS });
}

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
  outbox = await reloadOutbox(outbox);
});

afterEach(async () => {
  await outbox.stopOutbox();
  vi.useRealTimers();
});

describe('X-Outbox on her calls', () => {
  it('says nothing before the outbox was read, then 0 while nothing waits', async () => {
    const server = useFakeServer(() => ok({ action: { current: null, last: null } }));
    const api = await appClient();
    await api.call('actionRecent');
    await outboxRead();
    await api.call('actionRecent');

    expect(server.requests.map((request) => request.outbox)).toEqual([null, '0']);
  });

  it('says how many of her items wait and since when the oldest one does', async () => {
    const server = useFakeServer((request) =>
      request.path === '/action/recent' ? ok({ action: { current: null, last: null } }) : 'network-error',
    );
    await outboxRead();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T09:15:00.000Z'));
    await outbox.enqueue([buildPollAnswer('action-1'), buildCheckIn('action-1')]);
    vi.setSystemTime(new Date('2026-03-05T09:40:00.000Z'));
    await outbox.enqueue([buildLocation('action-1')]);
    await outbox.outboxSettled();

    await (await appClient()).call('actionRecent');
    expect(server.requests.at(-1)!.outbox).toBe('3; 2026-03-05T09:15:00.000Z');
  });

  it("the outbox's own call leaves out the item it carries: the last one says 0", async () => {
    const server = useFakeServer(() => ok());
    await outboxRead();
    await outbox.enqueue([buildPollAnswer('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/poll/answer', '/action/check-in']);
    expect(server.requests[0]!.outbox).toMatch(/^1; \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(server.requests[1]!.outbox).toBe('0');
  });

  it("another promoter's items waiting on the same phone are not hers to report", async () => {
    const server = useFakeServer((request) =>
      request.path === '/action/recent' ? ok({ action: { current: null, last: null } }) : 'network-error',
    );
    await outboxRead();
    await outbox.enqueue([buildPollAnswer('action-1')]);
    await outbox.outboxSettled();

    await logIn('beata');
    await (await appClient()).call('actionRecent');
    expect(server.requests.at(-1)!.outbox).toBe('0');
  });
});
