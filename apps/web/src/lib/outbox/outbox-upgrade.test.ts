import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  logIn,
  ok,
  reloadOutbox,
  storeAsVersion1,
  useFakeServer,
  useFreshIndexedDb,
  version1Item,
  type OutboxModule,
} from './test/outbox-test-kit.ts';
import { WAIT_MS } from '../../test/wait.ts';

// issue 7: the outbox's items became items of registered kinds. What the previous version left
// waiting on her phone must still go, once, and its refusals still show, right after the update.

let outbox: OutboxModule;

/** The updated app starting over the database the old one left. */
async function startUpdatedApp(): Promise<OutboxModule> {
  outbox = await reloadOutbox(outbox);
  return outbox;
}

const front = new Blob(['front'], { type: 'image/jpeg' });
const rear = new Blob(['rear'], { type: 'image/jpeg' });
const action = { uuid: 'action-1' };

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(async () => {
  await outbox.stopOutbox();
});

describe('an outbox stored by the previous version', () => {
  it('is sent after the update, in its order, once each, with the keys it was stored with', async () => {
    const checkIn = { action, actionPoint: { uuid: 'point-1' }, location: { latitude: null, longitude: null } };
    await storeAsVersion1([
      version1Item({
        kind: 'json',
        actionUuid: 'action-1',
        label: 'poll',
        path: '/poll/answer',
        idempotencyKey: 'key-poll',
        body: { action },
      }),
      version1Item({
        kind: 'form',
        actionUuid: 'action-1',
        label: 'photos',
        path: '/action/file/create',
        idempotencyKey: 'key-photos',
        input: { action, ident: 'bereal_start' },
        files: [front, rear],
      }),
      version1Item({
        kind: 'json',
        actionUuid: 'action-1',
        label: 'check-in',
        path: '/action/check-in',
        idempotencyKey: 'key-check-in',
        body: checkIn,
      }),
    ]);
    const server = useFakeServer(() => ok());

    await startUpdatedApp();
    outbox.flushOutbox();
    await outbox.outboxSettled();
    await startUpdatedApp();
    outbox.flushOutbox();
    await outbox.outboxSettled();

    expect(server.requests.map((request) => `${request.path} ${request.idempotencyKey}`)).toEqual([
      '/poll/answer key-poll',
      '/action/file/create key-photos',
      '/action/check-in key-check-in',
    ]);
    expect(server.requests[2]!.body).toEqual(checkIn);
    const upload = server.requests[1]!.form!;
    expect(JSON.parse(upload.get('_input') as string)).toEqual({ action, ident: 'bereal_start' });
    expect(upload.getAll('files[]').map((file) => (file as File).name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
  });

  it('what still waits shows as waiting for its action, and an earlier refusal as a failure of its kind', async () => {
    await storeAsVersion1(
      [
        version1Item({
          kind: 'json',
          actionUuid: 'action-1',
          label: 'check-out',
          path: '/action/check-out',
          idempotencyKey: 'key-out',
          body: { action },
        }),
      ],
      [
        {
          id: 'failure-000000000001',
          owner: 'anna',
          actionUuid: 'action-0',
          label: 'photos',
          code: 'E_FILE_ALREADY_EXISTS',
          ts: '1700000000009',
          at: '2024-05-01T08:00:00.000Z',
        },
      ],
    );
    useFakeServer(() => 'network-error');

    await startUpdatedApp();
    const { result } = renderHook(() => outbox.useOutbox());
    await act(() => outbox.outboxSettled());

    await vi.waitFor(() => expect(result.current.pendingFor('action-1').map((item) => item.kind)).toEqual(['check-out']), {
      timeout: WAIT_MS,
    });
    expect(result.current.failures).toEqual([
      expect.objectContaining({ kind: 'photos', group: 'action-0', code: 'E_FILE_ALREADY_EXISTS', ts: '1700000000009' }),
    ]);
  });
});
