import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildCancel,
  buildCheckIn,
  buildCheckOut,
  buildLocation,
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
  type ServerAnswer,
} from './test/outbox-test-kit.ts';
import { WAIT_MS } from '../../test/wait.ts';

let outbox: OutboxModule;

async function reloadPage(): Promise<OutboxModule> {
  outbox = await reloadOutbox(outbox);
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
  await logIn('anna');
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
    await vi.waitFor(() => expect(result.current.pendingCount).toBe(3), { timeout: WAIT_MS });
    expect(result.current.pendingFor('action-1').map((item) => item.kind)).toEqual(['poll', 'photos', 'check-in']);
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
    await vi.waitFor(() => expect(server.paths()).toEqual(['/poll/answer']), { timeout: WAIT_MS });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.paths()).toEqual(['/poll/answer']);

    answerPoll(ok());
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/poll/answer', '/action/file/create', '/action/check-in']);
  });

  it('a whole batch is stored or none of it', async () => {
    useFakeServer(() => ok());
    // Not a body of its route (hence the cast): a value IndexedDB cannot store.
    const broken = { ...buildCheckIn('action-1'), body: { notStorable: () => 0 } as never };
    await expect(outbox.enqueue([buildPollAnswer('action-1'), broken])).rejects.toThrow();

    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
  });

  it("an action whose item keeps failing does not hold up another action's answers, photos and pings", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = useFakeServer((request) => (request.actionUuid === 'stuck' ? { status: 503, body: '' } : ok()));

    await outbox.enqueue([buildCheckIn('stuck'), buildPollAnswer('stuck')]);
    await outbox.enqueue([buildPollAnswer('fine'), buildPhotos('fine'), buildLocation('fine')]);
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(10_000);
    await outbox.outboxSettled();

    const { result } = renderOutbox();
    await settle();
    expect(server.requests.filter((request) => request.path === '/poll/answer').length).toBe(1);
    expect(result.current.pendingFor('fine')).toEqual([]);
    expect(result.current.pendingFor('stuck').map((item) => item.kind)).toEqual(['check-in', 'poll']);
    expect(result.current.pendingFor('stuck')[0]!.attempts).toBeGreaterThan(1);
  });

  it('an action whose request hangs does not hold up an item enqueued meanwhile for another action', async () => {
    let answerSlowUpload: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) =>
      request.path === '/action/file/create' ? new Promise((resolve) => (answerSlowUpload = resolve)) : ok(),
    );

    await outbox.enqueue([buildPhotos('slow'), buildCheckIn('slow')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/file/create']), { timeout: WAIT_MS });
    await outbox.enqueue([buildLocation('other')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/file/create', '/action/location/save']), { timeout: WAIT_MS });
    expect(server.requests[1]!.actionUuid).toBe('other');

    answerSlowUpload(ok());
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/file/create', '/action/location/save', '/action/check-in']);
  });

  it('retries with backoff and always the same Idempotency-Key, until the server accepts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const answers: ServerAnswer[] = [
      network,
      { status: 502, body: '<html>Bad gateway</html>' },
      refused('E_IDEMPOTENCY_IN_PROGRESS'),
      ok(),
    ];
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
    expect(sent.mock.calls[0]![0]).toMatchObject({
      kind: 'check-in',
      group: 'action-1',
      idempotencyKey: server.requests[0]!.idempotencyKey,
    });
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
    const server = useFakeServer((request) =>
      request.path === '/action/file/create' ? refused('E_FILE_ALREADY_EXISTS') : ok({ action: { uuid: 'action-1' } }),
    );
    const sent = vi.fn();
    const refusedItems = vi.fn();
    outbox.onOutboxSent(sent);
    outbox.onOutboxRefused(refusedItems);

    await outbox.enqueue([buildPhotos('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/action/file/create', '/action/check-in']);
    expect(refusedItems).toHaveBeenCalledTimes(1);
    expect(refusedItems).toHaveBeenCalledWith(expect.objectContaining({ kind: 'photos' }), 'E_FILE_ALREADY_EXISTS');
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ kind: 'check-in' }), { action: { uuid: 'action-1' } });

    await reloadPage();
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([
      expect.objectContaining({ group: 'action-1', kind: 'photos', code: 'E_FILE_ALREADY_EXISTS', ts: '1700000000001' }),
    ]);

    act(() => result.current.dismissFailure(result.current.failures[0]!.id));
    await vi.waitFor(() => expect(result.current.failures).toEqual([]), { timeout: WAIT_MS });
  });

  it('a refusal of a kind that ends its group drops the rest of that group unsent, and other groups go on', async () => {
    const surveyPhoto = outbox.registerOutboxKind('survey-photo-test', {
      route: 'actionFileCreate',
      failureMessage: 'Wystąpił błąd podczas wysyłania zdjęć',
      refusalEndsGroup: true,
    });
    const photo = (ident: 'start' | 'end') =>
      surveyPhoto.item('survey-1', { input: { action: { uuid: 'action-1' }, ident }, files: [new Blob([ident], { type: 'image/jpeg' })] });
    const server = useFakeServer((request) => (request.path === '/action/file/create' ? refused('E_FILE_ALREADY_EXISTS') : ok()));

    await outbox.enqueue([photo('start'), photo('end'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/action/file/create', '/action/check-in']);
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([expect.objectContaining({ group: 'survey-1', code: 'E_FILE_ALREADY_EXISTS' })]);
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

  it('a rejected session ends the session and pauses the outbox, keeping the items, until she logs in again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = useFakeServer((request) => (request.token === 'token-of-anna' ? refused('E_EXPIRED', 401) : ok()));

    await outbox.enqueue(buildStartFlow('action-1'));
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await outbox.outboxSettled();
    expect(server.requests).toHaveLength(1);
    // decision 044: the API client ended her session (the app goes back to the login page).
    expect(localStorage.getItem('token')).toBeNull();
    const { useAppStore } = await import('../../store/app-store.ts');
    expect(useAppStore.getState().user.profile).toBeNull();

    await logIn('anna', 'new-token-of-anna');
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

describe('status changes across actions', () => {
  it('her finish of one action reaches the server before any of her start of the next: its answers and photos wait too (issue 20)', async () => {
    let answerEndPhotos: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) =>
      request.path === '/action/file/create' && request.actionUuid === 'first'
        ? new Promise((resolve) => (answerEndPhotos = resolve))
        : ok(),
    );

    await outbox.enqueue([buildPollAnswer('first'), buildPhotos('first'), buildCheckOut('first')]);
    await outbox.enqueue(buildStartFlow('second'));
    await outbox.enqueue([buildLocation('second')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/poll/answer', '/action/file/create']), { timeout: WAIT_MS });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A step waits as a whole: nothing of the second start goes while the first finish waits.
    expect(server.requests.map((request) => `${request.path} ${request.actionUuid}`)).toEqual([
      '/poll/answer first',
      '/action/file/create first',
    ]);

    answerEndPhotos(ok());
    await outbox.outboxSettled();
    expect(server.requests.map((request) => `${request.path} ${request.actionUuid}`).slice(2)).toEqual([
      '/action/check-out first',
      '/poll/answer second',
      '/action/file/create second',
      '/action/check-in second',
      '/action/location/save second',
    ]);
  });

  it("what another action's step does not wait for goes at once: a ping is not held up by an older finish", async () => {
    let answerEndPhotos: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) =>
      request.path === '/action/file/create' ? new Promise((resolve) => (answerEndPhotos = resolve)) : ok(),
    );
    await outbox.enqueue([buildPhotos('first'), buildCheckOut('first')]);
    await outbox.enqueue([buildLocation('second')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/file/create', '/action/location/save']), { timeout: WAIT_MS });
    answerEndPhotos(ok());
    await outbox.outboxSettled();
    expect(server.paths().at(-1)).toBe('/action/check-out');
  });

  it('the held-back check-in goes as soon as the check-out before it is accepted, without waiting for a timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    let checkOutTries = 0;
    const server = useFakeServer((request) => (request.path === '/action/check-out' && ++checkOutTries === 1 ? network : ok()));

    await outbox.enqueue([buildCheckOut('first')]);
    await outbox.enqueue([buildCheckIn('second')]);
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/check-out']);

    await vi.advanceTimersByTimeAsync(1000); // the check-out's backoff
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/check-out', '/action/check-out', '/action/check-in']);
  });

  it("a cancel waits for another action's older location ping, too", async () => {
    let answerPing: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer((request) =>
      request.path === '/action/location/save' ? new Promise((resolve) => (answerPing = resolve)) : ok(),
    );

    await outbox.enqueue([buildLocation('first')]);
    await outbox.enqueue([buildCancel('second')]);
    await vi.waitFor(() => expect(server.paths()).toEqual(['/action/location/save']), { timeout: WAIT_MS });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.paths()).toEqual(['/action/location/save']);

    answerPing(ok());
    await outbox.outboxSettled();
    expect(server.paths()).toEqual(['/action/location/save', '/action/cancel']);
  });
});

describe('items belong to the promoter who made them', () => {
  it('what Anna queued is neither sent nor shown while Beata is logged in, and goes once Anna is back', async () => {
    let online = false;
    const server = useFakeServer(() => (online ? ok() : network));
    await outbox.enqueue([buildPhotos('action-1'), buildCheckOut('action-1')]);
    await outbox.outboxSettled();
    const triedOffline = server.requests.length;

    await logIn('beata');
    online = true;
    outbox.flushOutbox();
    await outbox.outboxSettled();
    const { result } = renderOutbox();
    await settle();
    expect(server.requests).toHaveLength(triedOffline);
    expect(result.current.pendingCount).toBe(0);

    // Anna's older items do not hold up Beata's own status change.
    await act(() => outbox.enqueue([buildCheckIn('action-2')]));
    await settle();
    expect(server.requests.slice(triedOffline).map((request) => `${request.path} ${request.token}`)).toEqual([
      '/action/check-in token-of-beata',
    ]);

    await act(() => logIn('anna'));
    act(() => outbox.flushOutbox());
    await settle();
    expect(server.requests.slice(triedOffline + 1).map((request) => `${request.path} ${request.token}`)).toEqual([
      '/action/file/create token-of-anna',
      '/action/check-out token-of-anna',
    ]);
    expect(result.current.pendingCount).toBe(0);
  });

  it('a refusal is shown only to the promoter whose item it was', async () => {
    useFakeServer(() => refused('E_WRONG_ACTION_STATUS'));
    await outbox.enqueue([buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    const { result } = renderOutbox();
    await vi.waitFor(() => expect(result.current.failures).toHaveLength(1), { timeout: WAIT_MS });

    await act(() => logIn('beata'));
    expect(result.current.failures).toEqual([]);
    await act(() => logIn('anna'));
    expect(result.current.failures).toEqual([expect.objectContaining({ kind: 'check-in', code: 'E_WRONG_ACTION_STATUS', owner: 'anna' })]);
  });

  /** A server that holds its first answer until `deliver` is called, and accepts every later request. */
  function holdingFirstAnswer() {
    let deliver: (answer: ServerAnswer) => void = () => {};
    const server = useFakeServer(() => (server.requests.length === 1 ? new Promise<ServerAnswer>((resolve) => (deliver = resolve)) : ok()));
    return { server, deliverFirst: () => deliver(ok()) };
  }

  /** Anna logs out and Beata in while Anna's item is on its way; then its answer comes, and Beata's outbox runs. */
  async function beataLogsInBeforeTheAnswer(deliverFirst: () => void) {
    await logIn(null);
    await logIn('beata');
    deliverFirst();
    await outbox.outboxSettled();
    outbox.flushOutbox();
    await outbox.outboxSettled();
  }

  async function annaIsBack() {
    await logIn('anna', 'new-token-of-anna');
    outbox.flushOutbox();
    await outbox.outboxSettled();
  }

  it('an item whose answer comes after Anna logged out waits for her, and goes again with its key when she is back', async () => {
    const { server, deliverFirst } = holdingFirstAnswer();
    await outbox.enqueue([buildCheckOut('action-1')]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: WAIT_MS });

    await beataLogsInBeforeTheAnswer(deliverFirst);
    expect(server.requests).toHaveLength(1);

    await annaIsBack();
    expect(server.requests.map((request) => `${request.path} ${request.token}`)).toEqual([
      '/action/check-out token-of-anna',
      '/action/check-out new-token-of-anna',
    ]);
    expect(server.requests[1]!.idempotencyKey).toBe(server.requests[0]!.idempotencyKey);
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pendingCount).toBe(0);
    expect(result.current.failures).toEqual([]);
  });

  it('an item without an owner, answered after Anna logged out, waits for her: it does not go with Beata’s token', async () => {
    const { server, deliverFirst } = holdingFirstAnswer();
    await logIn(null);
    await outbox.enqueue([buildCheckOut('action-1')]);
    await logIn('anna');
    outbox.flushOutbox();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: WAIT_MS });

    await beataLogsInBeforeTheAnswer(deliverFirst);
    expect(server.requests.map((request) => request.token)).toEqual(['token-of-anna']);

    await annaIsBack();
    expect(server.requests.map((request) => request.token)).toEqual(['token-of-anna', 'new-token-of-anna']);
    expect(server.requests[1]!.idempotencyKey).toBe(server.requests[0]!.idempotencyKey);
  });

  it('an item without an owner whose answer Anna lost (no connection) is hers: it does not go with Beata’s token', async () => {
    let down = true;
    const server = useFakeServer(() => (down ? network : ok()));
    await logIn(null);
    await outbox.enqueue([buildCheckOut('action-1')]);
    await logIn('anna');
    outbox.flushOutbox();
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0), { timeout: WAIT_MS });

    await logIn(null);
    await logIn('beata');
    outbox.flushOutbox();
    await outbox.outboxSettled();
    const tokens = () => new Set(server.requests.map((request) => request.token));
    expect(tokens()).toEqual(new Set(['token-of-anna']));

    down = false;
    await annaIsBack();
    expect(tokens()).toEqual(new Set(['token-of-anna', 'new-token-of-anna']));
    expect(new Set(server.requests.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it('an item stored without an owner goes with whoever is logged in', async () => {
    const server = useFakeServer(() => ok());
    await logIn(null);
    await outbox.enqueue([buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    expect(server.requests).toEqual([]);

    await logIn('beata');
    outbox.flushOutbox();
    await outbox.outboxSettled();
    expect(server.requests.map((request) => request.token)).toEqual(['token-of-beata']);
  });
});

describe('answers that are not the API envelope', () => {
  it("a proxy's 4xx page (here 413) is final: recorded with no code, not tried again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = useFakeServer((request) =>
      request.path === '/action/file/create' ? { status: 413, body: '<html>Request Entity Too Large</html>' } : ok(),
    );
    const refusedItems = vi.fn();
    outbox.onOutboxRefused(refusedItems);

    await outbox.enqueue([buildPhotos('action-1'), buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/action/file/create', '/action/check-in']);
    expect(refusedItems).toHaveBeenCalledWith(expect.objectContaining({ kind: 'photos' }), null);
    const { result } = renderOutbox();
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(result.current.failures).toEqual([expect.objectContaining({ kind: 'photos', code: null, ts: null })]);
  });

  it.each([408, 429, 502])('a non-envelope %i is tried again', async (status) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let tries = 0;
    const server = useFakeServer(() => (++tries === 1 ? { status, body: '<html></html>' } : ok()));

    await outbox.enqueue([buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.outboxSettled();

    expect(server.paths()).toEqual(['/action/check-in', '/action/check-in']);
  });
});

describe('a key given by the caller', () => {
  it('is the Idempotency-Key of every try of that item', async () => {
    let online = false;
    const server = useFakeServer(() => (online ? ok() : network));
    await outbox.enqueue([{ ...buildLocation('action-1'), idempotencyKey: 'ping-key-1' }, buildCheckIn('action-1')]);
    await outbox.outboxSettled();
    online = true;
    outbox.flushOutbox();
    await outbox.outboxSettled();

    expect(server.requests.map((request) => request.idempotencyKey)).toEqual([
      'ping-key-1',
      'ping-key-1',
      expect.not.stringMatching('ping-key-1'),
    ]);
  });
});
