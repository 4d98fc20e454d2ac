import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildCheckOut,
  buildPhotos,
  buildPollAnswer,
  buildStartFlow,
  logIn,
  ok,
  refused,
  reloadOutbox,
  useFakeServer,
  useFreshIndexedDb,
  type OutboxModule,
  type ServerRequest,
} from '../../../lib/outbox/test/outbox-test-kit.ts';

// Decisions 072 and 074 together (review of issues 20 and 21): a redemption is queued in the group of
// the action she gives it in, with no wait of its own; a start waits as a whole for the older items of
// her other groups. Her codes must reach the server after that action's check-in and before its
// check-out, nothing of the next action before the previous finish, and a refusal never stops the rest.

let outbox: OutboxModule;
let redeemItem: (actionUuid: string, batchUuid: string) => ReturnType<(typeof import('./outbox-kinds.ts'))['redeemKind']['item']>;

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
  outbox = await reloadOutbox(outbox);
  // Registered in the fresh module graph, as app/outbox-kinds.ts does on a page load.
  const { redeemKind } = await import('./outbox-kinds.ts');
  const { redeemBody } = await import('./redeem.ts');
  redeemItem = (actionUuid, batchUuid) =>
    redeemKind.item(actionUuid, redeemBody(batchUuid, { uuid: `code-of-${actionUuid}` }, new Date('2026-06-10T10:00:00Z')));
});

afterEach(async () => {
  await outbox.stopOutbox();
});

const buildFinish = (actionUuid: string) => [buildPollAnswer(actionUuid), buildPhotos(actionUuid), buildCheckOut(actionUuid)];

/** Each request as 'path action' (a redemption names its action through the code's uuid). */
const label = (request: ServerRequest) => {
  if (request.path !== '/voucher/redeem') return `${request.path} ${request.actionUuid}`;
  const code = (request.body as { vouchers: { uuid: string }[] }).vouchers[0]!.uuid;
  return `${request.path} ${code.replace('code-of-', '')}`;
};

let result: () => ReturnType<OutboxModule['useOutbox']>;
async function nothingWaits() {
  const hook = renderHook(() => outbox.useOutbox());
  result = () => hook.result.current;
  await waitFor(() => expect(hook.result.current.pending).toEqual([]));
}

describe('redemptions among the starts and finishes of her actions (decisions 072, 074)', () => {
  it('go after their action’s queued check-in and before its check-out; nothing of B before A’s finish', async () => {
    const server = useFakeServer(() => ok([]));
    // Offline: a code during A (started on the server), A finished, B started, a code during B, B finished.
    await outbox.enqueue([redeemItem('A', 'batch')]);
    await outbox.enqueue(buildFinish('A'));
    await outbox.enqueue(buildStartFlow('B'));
    await outbox.enqueue([redeemItem('B', 'batch')]);
    await outbox.enqueue(buildFinish('B'));
    await outbox.outboxSettled();

    expect(server.requests.map(label)).toEqual([
      '/voucher/redeem A',
      '/poll/answer A',
      '/action/file/create A',
      '/action/check-out A',
      '/poll/answer B',
      '/action/file/create B',
      '/action/check-in B',
      '/voucher/redeem B',
      '/poll/answer B',
      '/action/file/create B',
      '/action/check-out B',
    ]);
    await nothingWaits();
  });

  it('a refused check-in does not hold back its codes, and a refused code does not hold back the check-out', async () => {
    const server = useFakeServer((request) => {
      if (request.path === '/action/check-in' && request.actionUuid === 'B') return refused('E_START_PHOTOS_MISSING');
      if (request.path === '/voucher/redeem') return refused('E_WRONG_ACTION_STATUS');
      return ok([]);
    });
    await outbox.enqueue(buildStartFlow('B'));
    await outbox.enqueue([redeemItem('B', 'batch')]);
    await outbox.enqueue(buildFinish('B'));
    await outbox.enqueue(buildStartFlow('C'));
    await outbox.outboxSettled();

    expect(server.requests.map(label)).toEqual([
      '/poll/answer B',
      '/action/file/create B',
      '/action/check-in B',
      '/voucher/redeem B',
      '/poll/answer B',
      '/action/file/create B',
      '/action/check-out B',
      '/poll/answer C',
      '/action/file/create C',
      '/action/check-in C',
    ]);
    // Nothing is left waiting for ever: the refusals are kept for her, the queue is empty.
    await nothingWaits();
    expect(result().failures.map((failure) => failure.kind)).toEqual(['check-in', 'voucher-redeem']);
  });
});
