import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushOutbox, stopOutbox } from '../../../lib/outbox/outbox.ts';
import { logIn, ok, useFakeServer, useFreshIndexedDb, type ServerAnswer } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { actionDetails, buildNotification, inboxAnswer } from '../test/notification-builders.ts';
import { NotificationsPage } from './notifications-page.tsx';

function renderInbox() {
  const router = createMemoryRouter(
    [
      { path: '/powiadomienia', element: <NotificationsPage /> },
      { path: '/raport/:reportId', element: <h1>Raport</h1> },
      { path: '/akcja/:actionId', element: <h1>Akcja</h1> },
      { path: '/akcje', element: <h1>Akcje</h1> },
    ],
    { initialEntries: ['/powiadomienia'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const readBodies = (server: ReturnType<typeof useFakeServer>) =>
  server.requests.filter((request) => request.path === '/notifications/read').map((request) => request.body);

const reportReturned = () =>
  buildNotification({ id: 7, kind: 'report_returned', createdAt: '2026-03-05 09:30:00', details: { note: 'Brakuje zdjęcia ekspozycji.' } });

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(() => stopOutbox());

describe('her inbox (/powiadomienia)', () => {
  it('lists her notifications newest first, each in Polish from its kind and details, the unread ones marked', async () => {
    useFakeServer(() =>
      inboxAnswer([
        buildNotification({ id: 15, kind: 'plan_changed', createdAt: '2026-03-05 12:00:00', details: { changedActions: 3 } }),
        buildNotification({
          id: 14,
          kind: 'action_moved',
          createdAt: '2026-03-05 11:00:00',
          details: actionDetails({ since: '2026-03-06 10:00:00', previousSince: '2026-03-06 08:00:00' }),
        }),
        buildNotification({
          id: 13,
          kind: 'action_moved',
          createdAt: '2026-03-05 10:45:00',
          details: actionDetails({ place: 'Lidl, Puławska 12', previousPlace: 'Żabka, Marszałkowska 1' }),
        }),
        buildNotification({ id: 12, kind: 'action_assigned', createdAt: '2026-03-05 10:30:00', details: actionDetails() }),
        buildNotification({
          id: 11,
          kind: 'action_cancelled',
          createdAt: '2026-03-05 10:00:00',
          readAt: '2026-03-05 10:05:00',
          details: actionDetails(),
        }),
        buildNotification({ id: 10, kind: 'report_returned', createdAt: '2026-03-05 09:30:00' }),
      ]),
    );
    renderInbox();

    expect(await screen.findByRole('heading', { level: 1, name: 'Powiadomienia' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /Zmiany w planie/ });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Nieprzeczytane: Zmiany w planie 3 akcje w najbliższych 7 dniach 5-3-2026 12:00',
      'Nieprzeczytane: Akcja przeniesiona Degustacja velo 6-3-2026 08:00 → 6-3-2026 10:00 5-3-2026 11:00',
      'Nieprzeczytane: Akcja przeniesiona Degustacja velo Żabka, Marszałkowska 1 → Lidl, Puławska 12 5-3-2026 10:45',
      'Nieprzeczytane: Nowa akcja Degustacja velo, 6-3-2026 08:00, Żabka, Marszałkowska 1 5-3-2026 10:30',
      'Akcja odwołana Degustacja velo, 6-3-2026 08:00, Żabka, Marszałkowska 1 5-3-2026 10:00',
      'Nieprzeczytane: Raport do poprawy Degustacja glo, 4-3-2026 Uwaga koordynatora: Brakuje zdjęcia ekspozycji. 5-3-2026 09:30',
    ]);
    expect(screen.getByRole('link', { name: /^Akcja odwołana/ })).not.toHaveClass('notification--unread');
    expect(screen.getByRole('link', { name: /Nowa akcja/ })).toHaveClass('notification--unread');
    // Kept like the rest of her data: the list and the count show offline after a reload.
    expect(useAppStore.getState().notifications).toMatchObject({ unread: 5 });
    expect(useAppStore.getState().notifications.list.map((notification) => notification.id)).toEqual([15, 14, 13, 12, 11, 10]);
  });

  it('a tap on a report sent back opens her report to correct and reads it through the outbox', async () => {
    const server = useFakeServer((request) =>
      request.path === '/notifications/read' ? ok({ unread: 0 }) : inboxAnswer([reportReturned()]),
    );
    const { router, user } = renderInbox();

    await user.click(await screen.findByRole('link', { name: /^Nieprzeczytane: Raport do poprawy/ }));

    expect(router.state.location.pathname).toBe('/raport/action-7');
    await waitFor(() => expect(readBodies(server)).toEqual([{ ids: [7] }]));
    expect(server.requests.find((request) => request.path === '/notifications/read')?.idempotencyKey).not.toBe('');
    await waitFor(() => expect(useAppStore.getState().notifications.list[0]?.readAt).not.toBeNull());
    expect(useAppStore.getState().notifications.unread).toBe(0);
  });

  it.each([
    ['action_moved', '/akcja/action-9'],
    ['action_assigned', '/akcja/action-9'],
    ['action_cancelled', '/akcje'],
    ['plan_changed', '/akcje'],
  ] as const)('a tap on %s opens %s', async (kind, path) => {
    useFakeServer((request) =>
      request.path === '/notifications/read' ? ok({ unread: 0 }) : inboxAnswer([buildNotification({ kind, details: actionDetails() })]),
    );
    const { router, user } = renderInbox();

    await user.click(await screen.findByRole('link', { name: /^Nieprzeczytane/ }));

    expect(router.state.location.pathname).toBe(path);
  });

  it('a notification already read is opened without another read', async () => {
    const server = useFakeServer(() => inboxAnswer([buildNotification({ readAt: '2026-03-05 10:00:00' })]));
    const { router, user } = renderInbox();

    await user.click(await screen.findByRole('link', { name: /^Raport do poprawy/ }));

    expect(router.state.location.pathname).toBe('/raport/action-7');
    expect(readBodies(server)).toEqual([]);
  });

  it("'Oznacz wszystkie jako przeczytane' reads them all, up to the newest she has, and goes away", async () => {
    const [older, newest] = [buildNotification(), buildNotification()];
    const server = useFakeServer((request) => (request.path === '/notifications/read' ? ok({ unread: 0 }) : inboxAnswer([newest, older])));
    const { user } = renderInbox();

    await user.click(await screen.findByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));

    expect(screen.queryByRole('link', { name: /Nieprzeczytane/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).not.toBeInTheDocument();
    await waitFor(() => expect(readBodies(server)).toEqual([{ all: true, upTo: newest.id }]));
    await waitFor(() => expect(useAppStore.getState().notifications.list.every((notification) => notification.readAt !== null)).toBe(true));
  });

  it("says 'Brak powiadomień.' when she has none", async () => {
    useFakeServer(() => inboxAnswer([]));
    renderInbox();

    expect(await screen.findByText('Brak powiadomień.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).not.toBeInTheDocument();
  });

  it('says it is loading, then that the load failed, and loads again on "Spróbuj ponownie"', async () => {
    let answer: ServerAnswer = 'network-error';
    let release = () => {};
    useFakeServer(() => new Promise((resolve) => (release = () => resolve(answer))));
    const { user } = renderInbox();

    expect(await screen.findByRole('status')).toHaveTextContent('Wczytywanie powiadomień…');
    act(() => release());
    expect(await screen.findByText('Nie udało się wczytać powiadomień.')).toBeInTheDocument();

    answer = inboxAnswer([reportReturned()]);
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    act(() => release());
    expect(await screen.findByRole('link', { name: /Raport do poprawy/ })).toBeInTheDocument();
    expect(screen.queryByText('Nie udało się wczytać powiadomień.')).not.toBeInTheDocument();
  });

  it('offline, the kept inbox shows with a note that it could not be refreshed', async () => {
    useAppStore.setState({ notifications: { list: [reportReturned()], unread: 1, pushWanted: false } });
    useFakeServer(() => 'network-error');
    renderInbox();

    expect(screen.getByRole('link', { name: /^Nieprzeczytane: Raport do poprawy/ })).toBeInTheDocument();
    expect(await screen.findByText('Nie udało się odświeżyć. Pokazuję ostatnio wczytane powiadomienia.')).toBeInTheDocument();
  });

  it('read offline: shown read at once, the read waits in the outbox and goes once she is online', async () => {
    let online = false;
    const server = useFakeServer((request) => {
      if (!online) return 'network-error';
      return request.path === '/notifications/read' ? ok({ unread: 1 }) : inboxAnswer([reportReturned()], 2);
    });
    useAppStore.setState({ notifications: { list: [reportReturned()], unread: 2, pushWanted: false } });
    const { router, user } = renderInbox();

    await user.click(screen.getByRole('link', { name: /^Nieprzeczytane: Raport do poprawy/ }));
    await act(() => router.navigate('/powiadomienia'));

    expect(await screen.findByRole('link', { name: /^Raport do poprawy/ })).not.toHaveClass('notification--unread');
    expect(useAppStore.getState().notifications.list[0]?.readAt).toBeNull();

    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(readBodies(server)).toEqual([{ ids: [7] }]));
    await waitFor(() => expect(useAppStore.getState().notifications.unread).toBe(1));
    expect(screen.getByRole('link', { name: /^Raport do poprawy/ })).toBeInTheDocument();
  });

  it("'all' read offline leaves unread what arrives before it is sent, on screen and once the server has it", async () => {
    let online = false;
    const seen = reportReturned();
    const cameAfter = buildNotification({ id: 8, kind: 'action_cancelled', details: actionDetails() });
    const server = useFakeServer((request) => {
      if (!online) return 'network-error';
      return request.path === '/notifications/read' ? ok({ unread: 1 }) : inboxAnswer([cameAfter, seen]);
    });
    useAppStore.setState({ notifications: { list: [seen], unread: 1, pushWanted: false } });
    const { user } = renderInbox();

    await user.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    // A reload answers (a push woke the app) before the read went: the new one is hers to read.
    act(() => {
      useAppStore.setState({ notifications: { list: [cameAfter, seen], unread: 2, pushWanted: false } });
    });

    expect(await screen.findByRole('link', { name: /^Nieprzeczytane: Akcja odwołana/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Raport do poprawy/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).toBeInTheDocument();

    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(readBodies(server)).toEqual([{ all: true, upTo: seen.id }]));
    await waitFor(() => expect(useAppStore.getState().notifications.list.map((n) => n.readAt !== null)).toEqual([false, true]));
    expect(useAppStore.getState().notifications.unread).toBe(1);
  });

  it("'Pokaż starsze' loads the page before the oldest shown, until a page is not full", async () => {
    const newest = Array.from({ length: 50 }, (_, index) => buildNotification({ id: 200 - index, readAt: '2026-03-05 10:00:00' }));
    const older = [buildNotification({ id: 150, kind: 'action_assigned', details: actionDetails({ actionName: 'Najstarsza akcja' }) })];
    const server = useFakeServer((request) =>
      (request.body as { before?: number }).before === 151 ? inboxAnswer(older, 1) : inboxAnswer(newest, 1),
    );
    const { user } = renderInbox();

    await user.click(await screen.findByRole('button', { name: 'Pokaż starsze' }));

    expect(await screen.findByRole('link', { name: /Najstarsza akcja/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(51);
    expect(server.requests.map((request) => request.body)).toEqual([{}, { before: 151 }]);
    expect(screen.queryByRole('button', { name: 'Pokaż starsze' })).not.toBeInTheDocument();
    // Older pages are not kept: the first page is what shows offline.
    expect(useAppStore.getState().notifications.list).toHaveLength(50);
  });
});
