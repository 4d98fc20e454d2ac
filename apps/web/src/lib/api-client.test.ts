import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../test/builders.ts';
import { fakeFetch, useFakeFetch } from '../test/fake-fetch.ts';
import { api, createApiClient } from './api-client.ts';
import { isOffline } from './connection.ts';
import { errorMessage } from './error-message.ts';
import { readToken, saveToken } from './storage/token.ts';

/** What a promoter would read in the toast when calling `path` against these answers. */
async function messageFor(answer: Parameters<typeof fakeFetch>[0][string]) {
  const { fetch } = fakeFetch({ '/api/auth/login': answer });
  const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => null });
  try {
    await client.post('/auth/login', { username: 'anna@demo.pl', password: 'x' });
  } catch (error) {
    return errorMessage(error);
  }
  throw new Error('the call did not fail');
}

describe('api client', () => {
  it('hands back the data of a success envelope, sending the token and an idempotency key', async () => {
    const { fetch, requests } = fakeFetch({ '/api/auth/session': { body: successEnvelope({ hello: 'Anna' }) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(client.post('/auth/session')).resolves.toEqual({ hello: 'Anna' });
    expect(requests[0]?.headers.Authorization).toBe('Bearer abc');
    expect(requests[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a fresh idempotency key for every call unless one is given', async () => {
    const { fetch, requests } = fakeFetch({ '/api/auth/logout': { body: successEnvelope({}) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await client.post('/auth/logout');
    await client.post('/auth/logout');
    await client.post('/auth/logout', undefined, { idempotencyKey: 'same-intent' });

    const keys = requests.map((request) => request.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('same-intent');
  });

  it('sends a form as multipart with the token and the given idempotency key, and reads the envelope', async () => {
    const { fetch } = fakeFetch({ '/api/action/file/create': { body: successEnvelope({ files: [{ uuid: 'f1' }] }) } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });
    const form = new FormData();
    form.append('_input', JSON.stringify({ action: { uuid: 'a1' }, ident: 'bereal_start' }));
    form.append('files[]', new Blob(['front'], { type: 'image/jpeg' }), 'photo-1.jpg');

    await expect(client.postForm('/action/file/create', form, { idempotencyKey: 'photos-1' })).resolves.toEqual({ files: [{ uuid: 'f1' }] });

    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    // The browser writes Content-Type itself, with the multipart boundary.
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Idempotency-Key': 'photos-1', Authorization: 'Bearer abc' });
  });

  it('a refused form rejects with the code and meta.ts of the answer', async () => {
    const { fetch } = fakeFetch({ '/api/action/file/create': { status: 409, body: failureEnvelope('E_FILE_ALREADY_EXISTS') } });
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc' });

    await expect(client.postForm('/action/file/create', new FormData())).rejects.toMatchObject({
      kind: 'api',
      code: 'E_FILE_ALREADY_EXISTS',
      ts: '1700000000001',
      httpStatus: 409,
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

  it.each(['E_UNAUTHORIZED', 'E_EXPIRED'])('%s on any call tells that the session ended', async (code) => {
    const { fetch } = fakeFetch({ '/api/action/list': { status: 401, body: failureEnvelope(code) } });
    const onSessionRejected = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => 'abc', onSessionRejected });

    await expect(client.post('/action/list', {})).rejects.toMatchObject({ code });
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

    await expect(client.post('/action/list', {})).rejects.toMatchObject({ code: 'E_UNAUTHORIZED' });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('other refusals do not end the session', async () => {
    const { fetch } = fakeFetch({ '/api/auth/login': { status: 401, body: failureEnvelope('E_USER_WRONG_PASSWORD') } });
    const onSessionRejected = vi.fn();
    const client = createApiClient({ fetch, baseUrl: '/api', getToken: () => null, onSessionRejected });

    await expect(client.post('/auth/login', {})).rejects.toMatchObject({ code: 'E_USER_WRONG_PASSWORD' });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('the app’s client ends the session on E_EXPIRED: token, promoter and her cached actions are gone, and the login page will say why', async () => {
    saveToken('token-of-anna');
    useAppStore.getState().setSession(buildSession());
    useAppStore.setState({ actions: { list: [], currentAction: null } });
    useFakeFetch({ '/api/action/list': { status: 401, body: failureEnvelope('E_EXPIRED') } });

    await expect(api.post('/action/list', {})).rejects.toMatchObject({ code: 'E_EXPIRED' });

    expect(readToken()).toBeNull();
    expect(useAppStore.getState().user.profile).toBeNull();
    expect(useAppStore.getState().actions.list).toEqual([]);
    expect(useAppStore.getState().screen.sessionEnd).toBe('E_EXPIRED');
  });

  it('the app’s client notes a missing connection until the server answers again', async () => {
    useFakeFetch({ '/api/action/list': 'network-error' });
    await expect(api.post('/action/list', {})).rejects.toMatchObject({ kind: 'network' });
    expect(isOffline()).toBe(true);

    useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [] }) } });
    await api.post('/action/list', {});
    expect(isOffline()).toBe(false);
  });
});
