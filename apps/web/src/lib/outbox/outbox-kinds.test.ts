import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCheckIn,
  buildPollAnswer,
  logIn,
  ok,
  registerKindsAgain,
  reloadOutbox,
  useFakeServer,
  useFreshIndexedDb,
  type OutboxModule,
} from './test/outbox-test-kit.ts';
import { WAIT_MS } from '../../test/wait.ts';

let outbox: OutboxModule;

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
  outbox = await reloadOutbox(outbox);
});

afterEach(async () => {
  await outbox.stopOutbox();
});

describe('registered kinds', () => {
  it('items wait, in order, until their kind is registered, then go without waiting for a timer', async () => {
    let online = false;
    const server = useFakeServer(() => (online ? ok() : 'network-error'));
    await outbox.enqueue([buildPollAnswer('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    const triedOffline = server.requests.length;

    // A page load whose outbox starts before the feature that registers the kinds is loaded.
    outbox = await reloadOutbox(outbox, false);
    online = true;
    outbox.flushOutbox();
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(triedOffline);

    await registerKindsAgain();
    await vi.waitFor(() => expect(server.paths().slice(triedOffline)).toEqual(['/poll/answer', '/action/check-in']), { timeout: WAIT_MS });
  });

  it('a name cannot be registered again for another route', async () => {
    const { registerOutboxKind } = await import('./outbox.ts');
    expect(() => registerOutboxKind('check-in', { route: 'actionCheckOut', failureMessage: null })).toThrow(/already registered/);
  });
});
