import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCheckIn,
  buildLocation,
  buildPhotos,
  buildPollAnswer,
  buildStartFlow,
  ok,
  refused,
  useFakeServer,
  useFreshIndexedDb,
  type ServerAnswer,
} from './outbox-test-kit.ts';

type OutboxModule = typeof import('./outbox.ts');
let outbox: OutboxModule;

/** A fresh module instance over the same IndexedDB: what a reload of the page (or a new tab) sees. */
async function reloadPage(): Promise<OutboxModule> {
  await outbox?.stopOutbox();
  vi.resetModules();
  outbox = await import('./outbox.ts');
  return outbox;
}

/** The live view a screen would render. */
function renderOutbox() {
  return renderHook(() => outbox.useOutbox());
}

async function settle() {
  await act(async () => {
    await outbox.outboxSettled();
  });
}

const network: ServerAnswer = 'network-error';

beforeEach(async () => {
  useFreshIndexedDb();
  localStorage.setItem('token', 'token-of-anna');
  await reloadPage();
});

afterEach(async () => {
  await outbox.stopOutbox();
  vi.useRealTimers();
});

describe('offline outbox', () => {
  it('what waits to be sent survives a reload and is sent once the connection is back', async () => {
    let online = false;
    const server = useFakeServer(() => (online ? ok() : network));
    await outbox.enqueue(buildStartFlow('action-1'));
    await outbox.outboxSettled();

    await reloadPage();
    const { result } = renderOutbox();
    await vi.waitFor(() => expect(result.current.pendingCount).toBe(3));
    expect(result.current.pendingFor('action-1').map((item) => item.label)).toEqual(['poll', 'photos', 'check-in']);
    expect(result.current.pendingFor('action-2')).toEqual([]);

    online = true;
    act(() => outbox.flushOutbox());
    await settle();

    expect(result.current.pendingCount).toBe(0);
    expect(server.paths().slice(-3)).toEqual(['/poll/answer', '/action/file/create', '/action/check-in']);
    const upload = server.requests.at(-2)!.form!;
    expect(JSON.parse(upload.get('_input') as string)).toEqual({ action: { uuid: 'action-1' }, ident: 'bereal_start' });
    expect(upload.getAll('files[]').map((file) => (file as File).name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
  });

  it('sends the items of one action in order, each only after the previous one was answered', async () => {
    let answerPoll: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) => (request.path === '/poll/answer' ? new Promise((resolve) => (answerPoll = resolve)) : ok()));

    await outbox.enqueue(buildStartFlow('action-1'));
    await vi.waitFor(() => expect(server.paths()).toEqual(['/poll/answer']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.paths()).toEqual(['/poll/answer']);

    answerPoll(ok());
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/poll/answer', '/action/file/create', '/action/check-in']);
  });

  it('a whole batch is stored or none of it', async () => {
    useFakeServer(() => ok());
    const broken = { ...buildCheckIn('action-1'), body: { notStorable: () => 0 } };
    await expect(outbox.enqueue([buildPollAnswer('action-1'), broken])).rejects.toThrow();

    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
  });

  it('an action whose item keeps failing does not hold up another action', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = useFakeServer((request) => ((request.body as { action?: { uuid: string } } | null)?.action?.uuid === 'stuck' ? { status: 503, body: '' } : ok()));

    await outbox.enqueue([buildCheckIn('stuck'), buildPollAnswer('stuck')]);
    await outbox.enqueue([buildPollAnswer('fine'), buildCheckIn('fine')]);
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(10_000);
    await outbox.outboxSettled();

    const { result } = renderOutbox();
    await settle();
    expect(server.requests.filter((request) => request.path === '/poll/answer').length).toBe(1);
    expect(result.current.pendingFor('fine')).toEqual([]);
    expect(result.current.pendingFor('stuck').map((item) => item.label)).toEqual(['check-in', 'poll']);
    expect(result.current.pendingFor('stuck')[0]!.attempts).toBeGreaterThan(1);
  });

  it('an action whose request hangs does not hold up an item enqueued meanwhile for another action', async () => {
    let answerSlowUpload: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) => (request.path === '/action/file/create' ? new Promise((resolve) => (answerSlowUpload = resolve)) : ok()));

    await outbox.enqueue([buildPhotos('slow'), buildCheckIn('slow')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/file/create']));
    await outbox.enqueue([buildCheckIn('other')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/file/create', '/action/check-in']));
    expect(server.requests[1]!.body).toMatchObject({ action: { uuid: 'other' } });

    answerSlowUpload(ok());
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/file/create', '/action/check-in', '/action/check-in']);
  });

  it('retries with backoff and always the same Idempotency-Key, until the server accepts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const answers: ServerAnswer[] = [network, { status: 502, body: '<html>Bad gateway</html>' }, refused('E_IDEMPOTENCY_IN_PROGRESS'), ok()];
    const server = useFakeServer(() => answers.shift() ?? ok());
    const sent = vi.fn();
    outbox.onOutboxSent(sent);

    await outbox.enqueue([buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(900);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100); // 1 s after the first try
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1900);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100); // 2 s after the second
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000); // 4 s after the third
    await outbox.outboxSettled();

    expect(server.requests).toHaveLength(4);
    expect(new Set(server.requests.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]![0]).toMatchObject({ label: 'check-in', actionUuid: 'action-1', idempotencyKey: server.requests[0]!.idempotencyKey });
  });

  it('every item has its own Idempotency-Key, kept across a reload', async () => {
    let online = false;
    const server = useFakeServer(() => (online ? ok() : network));
    await outbox.enqueue([buildPollAnswer('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    const firstKey = server.requests[0]!.idempotencyKey;

    await reloadPage();
    online = true;
    outbox.flushOutbox();
    await outbox.outboxSettled();

    const keys = server.requests.map((request) => request.idempotencyKey);
    expect(keys.at(-2)).toBe(firstKey);
    expect(keys.at(-1)).not.toBe(firstKey);
  });

  it('a refused item is removed, its failure kept for the promoter, and the action goes on with the check-in', async () => {
    const server = useFakeServer((request) => (request.path === '/action/file/create' ? refused('E_FILE_ALREADY_EXISTS') : ok({ action: { uuid: 'action-1' } })));
    const sent = vi.fn();
    const refusedItems = vi.fn();
    outbox.onOutboxSent(sent);
    outbox.onOutboxRefused(refusedItems);

    await outbox.enqueue([buildPhotos('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/action/file/create', '/action/check-in']);
    expect(refusedItems).toHaveBeenCalledTimes(1);
    expect(refusedItems).toHaveBeenCalledWith(expect.objectContaining({ label: 'photos' }), 'E_FILE_ALREADY_EXISTS');
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ label: 'check-in' }), { action: { uuid: 'action-1' } });

    await reloadPage();
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([
      expect.objectContaining({ actionUuid: 'action-1', label: 'photos', code: 'E_FILE_ALREADY_EXISTS', ts: '1700000000001' }),
    ]);

    act(() => result.current.dismissFailure(result.current.failures[0]!.id));
    await vi.waitFor(() => expect(result.current.failures).toEqual([]));
  });

  it('a refused location ping is dropped without a failure to show (spec §4: only logged)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useFakeServer(() => refused('E_WRONG_ACTION_STATUS'));
    await outbox.enqueue([buildLocation('action-1')]);
    await outbox.outboxSettled();

    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([]);
  });

  it('a rejected session pauses the outbox, keeping the items, until she logs in again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = useFakeServer((request) => (request.token === 'token-of-anna' ? refused('E_EXPIRED', 401) : ok()));

    await outbox.enqueue(buildStartFlow('action-1'));
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(1);

    localStorage.setItem('token', 'new-token-of-anna');
    outbox.flushOutbox();
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/poll/answer', '/poll/answer', '/action/file/create', '/action/check-in']);
    expect(server.requests[1]!.idempotencyKey).toBe(server.requests[0]!.idempotencyKey);
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([]);
  });

  it('logged out, nothing is sent and nothing is lost', async () => {
    localStorage.removeItem('token');
    const server = useFakeServer(() => ok());
    await outbox.enqueue([buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    expect(server.requests).toEqual([]);

    localStorage.setItem('token', 'token-of-anna');
    outbox.flushOutbox();
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/check-in']);
  });
});
