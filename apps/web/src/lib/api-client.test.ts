import type { FileCreateInput, PollAnswerBody } from '@promotor/contract';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../test/builders.ts';
import { cutOffResponse, fakeFetch, useFakeFetch } from '../test/fake-fetch.ts';
import { api, createApiClient, endsSession, isAbortError } from './api-client.ts';
import { isOffline } from './connection.ts';
import { errorMessage } from './error-message.ts';
import { readToken, saveToken } from './storage/token.ts';

/** What a promoter would read in the toast when calling `path` against these answers. */
async function messageFor(answer: Parameters<typeof fakeFetch>[0][string]) {
  const { fetch } = fakeFetch({ '/api/auth/login': answer });
  const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => null });
  try {
    await client.call('authLogin', { username: 'anna@demo.pl', password: 'x' });
  } catch (error) {
    return errorMessage(error);
  }
  throw new Error('the call did not fail');
}

const listBody = { actions: { since: '2024-05-01T00:00:00.000Z' }, pagination: { limit: 10, offset: 0 } };

describe('api client', () => {
  it('hands back the data of a success envelope, sending the token and an idempotency key', async () => {
    const { fetch, requests } = fakeFetch({ '/api/auth/session': { body: successEnvelope({ hello: 'Anna' }) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(client.call('authSession')).resolves.toMatchObject({ data: { hello: 'Anna' } });
    expect(requests[0]?.headers.Authorization).toBe('Bearer abc');
    expect(requests[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a fresh idempotency key for every call unless one is given', async () => {
    const { fetch, requests } = fakeFetch({ '/api/auth/logout': { body: successEnvelope({}) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await client.call('authLogout');
    await client.call('authLogout');
    await client.call('authLogout', undefined, { idempotencyKey: 'same-intent' });

    const keys = requests.map((request) => request.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('same-intent');
  });

  it('sends a multipart call as _input and files[] (photo-N.jpg), with the token and the given idempotency key', async () => {
    const { fetch } = fakeFetch({ '/api/action/file/create': { body: successEnvelope({ files: [{ uuid: 'f1' }] }) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });
    const input: FileCreateInput = { action: { uuid: 'a1' }, ident: 'bereal_start' };
    const files = [new Blob(['front'], { type: 'image/jpeg' }), new Blob(['rear'], { type: 'image/jpeg' })];

    await expect(client.call('actionFileCreate', { input, files }, { idempotencyKey: 'photos-1' })).resolves.toMatchObject({
      data: { files: [{ uuid: 'f1' }] },
    });

    const init = fetch.mock.calls[0]?.[1];
    const form = init?.body as FormData;
    expect(JSON.parse(form.get('_input') as string)).toEqual(input);
    expect(form.getAll('files[]').map((file) => (file as File).name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    // The browser writes Content-Type itself, with the multipart boundary.
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Idempotency-Key': 'photos-1', Authorization: 'Bearer abc' });
  });

  it('sends a form call (the plan import) as its text fields and the one file under "file"', async () => {
    const { fetch } = fakeFetch({ '/api/admin/actions/import': { body: successEnvelope({ created: 1 }) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });
    const file = new Blob(['event;name'], { type: 'text/csv' });

    await client.call('adminActionsImport', { fields: { dryRun: 'true' }, file, fileName: 'plan.csv' });

    const init = fetch.mock.calls[0]?.[1];
    const form = init?.body as FormData;
    expect(form.get('dryRun')).toBe('true');
    expect((form.get('file') as File).name).toBe('plan.csv');
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('a refused multipart call rejects with the code and meta.ts of the answer', async () => {
    const { fetch } = fakeFetch({ '/api/action/file/create': { status: 409, body: failureEnvelope('E_FILE_ALREADY_EXISTS') } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(
      client.call('actionFileCreate', { input: { action: { uuid: 'a1' }, ident: 'bereal_start' }, files: [] }),
    ).rejects.toMatchObject({
      kind: 'api',
      code: 'E_FILE_ALREADY_EXISTS',
      ts: '1700000000001',
      httpStatus: 409,
    });
  });

  it('hands back the meta of the answer with its data: ts and anything more a call adds', async () => {
    const envelope = { ...successEnvelope({}), meta: { ts: '1700000000042', bc: 'bc-7' } };
    const { fetch } = fakeFetch({ '/api/auth/logout': { body: envelope } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(client.call('authLogout')).resolves.toEqual({ data: {}, meta: { ts: '1700000000042', bc: 'bc-7' } });
  });

  it('sends the headers given for one call along with its own', async () => {
    const { fetch, requests } = fakeFetch({ '/api/poll/answer': { body: successEnvelope({}) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });
    const body: PollAnswerBody = {
      action: { uuid: 'a1' },
      poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: [] }] },
    };

    await client.call('pollAnswer', body, { headers: { 'Sf-Bypassed': 'true' }, idempotencyKey: 'poll-1' });

    expect(requests[0]?.url).toBe('/api/poll/answer');
    expect(requests[0]?.body).toEqual(body);
    expect(requests[0]?.headers).toEqual({
      'Sf-Bypassed': 'true',
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': 'poll-1',
      Authorization: 'Bearer abc',
    });
  });

  it('says what waits in her outbox on every call (X-Outbox), nothing while it is not known, and lets a call say its own', async () => {
    const { fetch, requests } = fakeFetch({ '/api/auth/session': { body: successEnvelope({}) } });
    let outbox: string | null = null;
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc', outbox: () => outbox });

    await client.call('authSession');
    outbox = '0';
    await client.call('authSession');
    outbox = '2; 2026-03-05T09:15:00.000Z';
    await client.call('authSession');
    await client.call('authSession', undefined, { headers: { 'X-Outbox': '1; 2026-03-05T09:20:00.000Z' } });

    expect(requests.map((request) => request.headers['X-Outbox'] ?? null)).toEqual([
      null,
      '0',
      '2; 2026-03-05T09:15:00.000Z',
      '1; 2026-03-05T09:20:00.000Z',
    ]);
  });

  it('a binary call answers the file as a Blob; its refusal is still the envelope', async () => {
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const { fetch } = fakeFetch({ '/api/action/file/serve': { file: photo } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    const answer = await client.call('actionFileServe', { file: { uuid: 'f1' } });
    expect(await answer.data.text()).toBe('jpeg bytes');
    expect(answer.data.type).toBe('image/jpeg');

    const refusing = fakeFetch({ '/api/action/file/serve': { status: 404, body: failureEnvelope('E_FILE_NOT_FOUND') } });
    const refusingClient = createApiClient({ fetch: refusing.fetch, baseUrl: '/api', getToken: () => 'abc' });
    await expect(refusingClient.call('actionFileServe', { file: { uuid: 'f1' } })).rejects.toMatchObject({
      kind: 'api',
      code: 'E_FILE_NOT_FOUND',
    });
  });

  it('a wrong password reads "Nieprawidłowe hasło."', async () => {
    expect(await messageFor({ status: 401, body: failureEnvelope('E_USER_WRONG_PASSWORD') })).toBe('Nieprawidłowe hasło.');
  });

  it('an unknown user reads "Użytkownik nie istnieje."', async () => {
    expect(await messageFor({ status: 404, body: failureEnvelope('E_USER_NOT_FOUND') })).toBe('Użytkownik nie istnieje.');
  });

  it('a code the app does not know is shown as it is', async () => {
    expect(await messageFor({ status: 409, body: failureEnvelope('E_SOMETHING_NEW') })).toBe('E_SOMETHING_NEW');
  });

  it('a validation failure shows the first field message when it is one of ours', async () => {
    const details = [{ path: 'body.password', message: 'Wpisz hasło' }];
    expect(await messageFor({ status: 400, body: failureEnvelope('E_VALIDATION', details) })).toBe('Wpisz hasło');
  });

  it('no connection reads the check-your-internet message', async () => {
    expect(await messageFor('network-error')).toBe('Wystąpił błąd. Sprawdź połączenie z internetem i spróbuj ponownie.');
  });

  it('an answer that is not an envelope (a proxy error page) reads the generic message', async () => {
    expect(await messageFor({ status: 502, body: '<html>Bad gateway</html>' })).toBe('Wystąpił błąd. Spróbuj ponownie.');
  });

  it('an answer cut off after its headers (the page being left, a dropped connection) is a lost connection, not an unexpected answer', async () => {
    const { fetch } = fakeFetch({ '/api/action/list': 'cut-off' });
    const onConnection = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc', onConnection });

    const error: unknown = await client.call('actionList', listBody).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'network', code: null });
    expect(errorMessage(error)).toBe('Wystąpił błąd. Sprawdź połączenie z internetem i spróbuj ponownie.');
    expect(onConnection).toHaveBeenLastCalledWith(false);
  });

  it('a file cut off after its headers is a lost connection too', async () => {
    const fetch = vi.fn(async () => {
      const response = cutOffResponse();
      return new Response(response.body, { headers: { 'Content-Type': 'image/jpeg' } });
    });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(client.call('actionFileServe', { file: { uuid: 'f1' } })).rejects.toMatchObject({ kind: 'network' });
  });

  it('a call its caller aborts while the answer comes in rejects with the abort, not with an ApiError', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      return cutOffResponse(controller.signal.reason);
    });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    const error: unknown = await client.call('actionList', listBody, { signal: controller.signal }).catch((failure: unknown) => failure);
    expect(isAbortError(error)).toBe(true);
  });

  it.each(['E_UNAUTHORIZED', 'E_EXPIRED'])('%s on any call tells that the session ended', async (code) => {
    const { fetch } = fakeFetch({ '/api/action/list': { status: 401, body: failureEnvelope(code) } });
    const onSessionRejected = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc', onSessionRejected });

    await expect(client.call('actionList', listBody)).rejects.toMatchObject({ code });
    expect(onSessionRejected).toHaveBeenCalledWith(code, true);
  });

  it('an answer to a token replaced meanwhile (she logged in again) does not end the new session', async () => {
    let token = 'old-token';
    const fetch = vi.fn(async () => {
      token = 'new-token';
      return new Response(JSON.stringify(failureEnvelope('E_UNAUTHORIZED')), { status: 401 });
    });
    const onSessionRejected = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => token, onSessionRejected });

    await expect(client.call('actionList', listBody)).rejects.toMatchObject({ kind: 'ended', code: null });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it.each([
    ['she logged out', null],
    ['another promoter logged in', 'token-of-beata'],
  ])('an answer that comes after %s is dropped unread: none of it reaches the next session', async (_, next) => {
    let token: string | null = 'token-of-anna';
    const answers = [
      { status: 200, body: successEnvelope({ actions: [{ name: 'Degustacja velo' }] }) },
      { status: 422, body: failureEnvelope('E_VALIDATION') },
    ];
    for (const answer of answers) {
      token = 'token-of-anna';
      const fetch = vi.fn(async () => {
        token = next;
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      });
      const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => token });

      const outcome: unknown = await client.call('actionList', listBody).catch((failure: unknown) => failure);
      expect(outcome).toMatchObject({ kind: 'ended', code: null, details: undefined });
      expect(endsSession(outcome)).toBe(true);
    }
  });

  it('a call that fails after she logged out (no connection, an answer cut off) is dropped too, and says nothing of the connection', async () => {
    for (const failure of ['network-error', 'cut-off'] as const) {
      let token: string | null = 'token-of-anna';
      const onConnection = vi.fn();
      const fetch = vi.fn(async () => {
        token = null;
        if (failure === 'network-error') throw new TypeError('Failed to fetch');
        return cutOffResponse();
      });
      const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => token, onConnection });

      const outcome: unknown = await client.call('actionList', listBody).catch((error: unknown) => error);
      expect(outcome).toMatchObject({ kind: 'ended' });
      expect(onConnection).not.toHaveBeenCalledWith(false);
    }
  });

  it('a file that comes after she logged out is dropped too', async () => {
    let token: string | null = 'token-of-anna';
    const fetch = vi.fn(async () => {
      token = null;
      return new Response('jpeg bytes', { headers: { 'Content-Type': 'image/jpeg' } });
    });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => token });

    await expect(client.call('actionFileServe', { file: { uuid: 'f1' } })).rejects.toMatchObject({ kind: 'ended' });
  });

  it('other refusals do not end the session', async () => {
    const { fetch } = fakeFetch({ '/api/auth/login': { status: 401, body: failureEnvelope('E_USER_WRONG_PASSWORD') } });
    const onSessionRejected = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => null, onSessionRejected });

    await expect(client.call('authLogin', { username: 'anna@demo.pl', password: 'x' })).rejects.toMatchObject({
      code: 'E_USER_WRONG_PASSWORD',
    });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('the app’s client ends the session on E_EXPIRED: token, promoter and her cached actions are gone, and the login page will say why', async () => {
    saveToken('token-of-anna');
    useAppStore.getState().setSession(buildSession());
    useAppStore.setState({ actions: { list: [], currentAction: null } });
    useFakeFetch({ '/api/action/list': { status: 401, body: failureEnvelope('E_EXPIRED') } });

    await expect(api.call('actionList', listBody)).rejects.toMatchObject({ code: 'E_EXPIRED' });

    expect(readToken()).toBeNull();
    expect(useAppStore.getState().user.profile).toBeNull();
    expect(useAppStore.getState().actions.list).toEqual([]);
    expect(useAppStore.getState().screen.sessionEnd).toBe('E_EXPIRED');
  });

  it('the app’s client notes a missing connection until the server answers again', async () => {
    useFakeFetch({ '/api/action/list': 'network-error' });
    await expect(api.call('actionList', listBody)).rejects.toMatchObject({ kind: 'network' });
    expect(isOffline()).toBe(true);

    useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [] }) } });
    await api.call('actionList', listBody);
    expect(isOffline()).toBe(false);
  });
});
