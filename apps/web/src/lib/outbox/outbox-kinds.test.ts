import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCheckIn, buildPollAnswer, logIn, ok, registerKindsAgain, useFakeServer, useFreshIndexedDb } from './outbox-test-kit.ts';

type OutboxModule = typeof import('./outbox.ts');
let outbox: OutboxModule;

/** A page load whose outbox starts before the feature that registers the kinds is loaded. */
async function reloadWithoutKinds(): Promise<OutboxModule> {
  await outbox?.stopOutbox();
  vi.resetModules();
  outbox = await import('./outbox.ts');
  return outbox;
}

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
  await reloadWithoutKinds();
  await registerKindsAgain();
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

    await reloadWithoutKinds();
    online = true;
    outbox.flushOutbox();
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(triedOffline);

    await registerKindsAgain();
    await vi.waitFor(() => expect(server.paths().slice(triedOffline)).toEqual(['/poll/answer', '/action/check-in']));
  });

  it('a name cannot be registered again for another route', async () => {
    const { registerOutboxKind } = await import('./outbox.ts');
    expect(() => registerOutboxKind('check-in', { route: 'actionCheckOut', failureMessage: null })).toThrow(/already registered/);
  });
});
