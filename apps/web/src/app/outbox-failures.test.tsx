import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue, outboxSettled, stopOutbox } from '../lib/outbox/outbox.ts';
import {
  buildCheckIn,
  buildCheckOut,
  buildPhotos,
  buildPollAnswer,
  ok,
  refused,
  storeAsVersion1,
  useFakeServer,
  useFreshIndexedDb,
} from '../lib/outbox/test/outbox-test-kit.ts';
import { startSession } from '../features/auth/session.ts';
import { useAppStore } from '../store/app-store.ts';
import { buildSession } from '../test/builders.ts';
import { startItems } from '../features/actions/submit/outbox-items.ts';
import { OutboxFailures, outboxFailureDescription } from './outbox-failures.tsx';

afterEach(() => stopOutbox());

/**
 * The error popup once it says `text`. 'Wróć' dismisses a failure through IndexedDB, so the next one
 * replaces it a moment after the click: until then the popup found is still the one dismissed.
 */
const popupSaying = (text: string) =>
  waitFor(() => {
    const popup = screen.getByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent(text);
    return popup;
  });

describe('refused outbox items', () => {
  it("are shown one after the other in the error popup with meta.ts as the code, and 'Wróć' dismisses each", async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    useFakeServer((request) =>
      request.path === '/action/file/create'
        ? refused('E_FILE_ALREADY_EXISTS')
        : request.path === '/action/check-in'
          ? refused('E_WRONG_ACTION_STATUS')
          : ok(),
    );
    await enqueue([buildPollAnswer('action-1'), buildPhotos('action-1'), buildCheckIn('action-1')]);
    await outboxSettled();
    const user = userEvent.setup();
    render(<OutboxFailures />);

    const first = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(first).toHaveTextContent('Masz już wgrane zdjęcia w ramach tej akcji');
    expect(first).toHaveTextContent('Kod błędu: 1700000000001');
    await user.click(screen.getByRole('button', { name: 'Wróć' }));

    await popupSaying('Nie udało się rozpocząć akcji. Nieprawidłowy status akcji.');
    await user.click(screen.getByRole('button', { name: 'Wróć' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the action a refused item was for, and a check-in without its photos says the action was not started', async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    useFakeServer((request) =>
      request.path === '/action/file/create'
        ? refused('E_WRONG_ACTION_STATUS')
        : request.path === '/action/check-in'
          ? refused('E_START_PHOTOS_MISSING')
          : ok(),
    );
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    const data = { checklist: [], cashTerminal: 'K12', photos: { front: photo, rear: photo, sameCamera: false }, actionPointUuid: 'p-1' };
    const location = { latitude: null, longitude: null };
    await enqueue(startItems({ uuid: 'action-1', name: 'Degustacja glo — Żabka' }, data, location, '2026-06-10T18:25:20.000Z'));
    await outboxSettled();
    const user = userEvent.setup();
    render(<OutboxFailures />);

    const photos = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(photos).toHaveTextContent('Akcja „Degustacja glo — Żabka”');
    expect(photos).toHaveTextContent('Wystąpił błąd podczas wysyłania zdjęć');
    await user.click(screen.getByRole('button', { name: 'Wróć' }));
    const start = await popupSaying('Nie udało się rozpocząć akcji: zdjęcia z rozpoczęcia nie dotarły. Rozpocznij ją ponownie.');
    expect(start).toHaveTextContent('Akcja „Degustacja glo — Żabka”');
  });

  it("a proxy's page instead of the API's answer (HTML 413) shows the generic message", async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    useFakeServer(() => ({ status: 413, body: '<html><h1>413 Request Entity Too Large</h1></html>' }));
    await enqueue([buildCheckOut('action-1')]);
    await outboxSettled();
    render(<OutboxFailures />);

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent(
      'Nie udało się zakończyć akcji. Wystąpił błąd. Spróbuj ponownie.',
    );
  });

  it('what waited for a new session is sent as soon as she logs in again', async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'expired-token');
    const server = useFakeServer((request) => (request.token === 'expired-token' ? refused('E_EXPIRED', 401) : ok()));
    act(() => useAppStore.getState().setSession(buildSession({ token: 'expired-token' })));
    render(<OutboxFailures />);
    await enqueue([buildCheckIn('action-1')]);
    await outboxSettled();
    expect(server.requests).toHaveLength(1);

    const newSession = buildSession({ token: 'token-of-anna' });
    act(() => startSession({ ...newSession, token: { ...newSession.token, uuid: 'b5a7d7a4-1d7e-4a43-9a55-0c5d0e7f3a21' } }));

    await waitFor(() => expect(server.requests.map((request) => request.token)).toEqual(['expired-token', 'token-of-anna']));
    await outboxSettled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refusal recorded by the previous version of the app is shown right after the update', async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    useFakeServer(() => ok());
    const failure = {
      id: 'failure-000000000001',
      owner: null,
      actionUuid: 'action-1',
      label: 'check-in',
      code: 'E_WRONG_ACTION_STATUS',
      ts: '1700000000009',
      at: '2024-05-01T08:00:00.000Z',
    };
    await storeAsVersion1([], [failure]);
    render(<OutboxFailures />);

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Nie udało się rozpocząć akcji. Nieprawidłowy status akcji.');
    expect(popup).toHaveTextContent('Kod błędu: 1700000000009');
  });

  it.each([
    [{ kind: 'photos', code: 'E_FILE_ALREADY_EXISTS' }, 'Masz już wgrane zdjęcia w ramach tej akcji'],
    [{ kind: 'photos', code: 'E_UNSUPPORTED_FILE_TYPE' }, 'Wystąpił błąd podczas wysyłania zdjęć'],
    [{ kind: 'check-in', code: 'E_ACTION_ALREADY_CHECK_OUT' }, 'Ta akcja została już przez Ciebie zakończona.'],
    [{ kind: 'check-out', code: 'E_WRONG_ACTION_STATUS' }, 'Nie udało się zakończyć akcji. Nieprawidłowy status akcji.'],
    [{ kind: 'poll', code: 'E_VALIDATION' }, 'Nie udało się zapisać odpowiedzi z ankiety. Sprawdź poprawność wpisanych danych.'],
    [{ kind: 'cancel', code: 'E_SOMETHING_NEW' }, 'Nie udało się odwołać udziału w akcji. E_SOMETHING_NEW'],
  ] as const)('%o reads %s', (failure, description) => {
    expect(outboxFailureDescription(failure)).toBe(description);
  });
});
