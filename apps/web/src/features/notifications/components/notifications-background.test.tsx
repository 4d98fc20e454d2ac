import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopOutbox } from '../../../lib/outbox/outbox.ts';
import { logIn, ok, useFakeServer, useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { keyBytes } from '../push/push-subscription.ts';
import { buildNotification, inboxAnswer } from '../test/notification-builders.ts';
import { fakeSubscription, OLD_KEY, removeFakePush, SERVER_KEY, useFakePush } from '../test/fake-push.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationsBackground } from './notifications-background.tsx';

/** A page with the header's part of her inbox: the bell and what keeps it fresh. */
function renderWithHeader() {
  const header = (
    <>
      <NotificationBell />
      <NotificationsBackground />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/akcje', element: header },
      { path: '/raport/:reportId', element: header },
    ],
    { initialEntries: ['/akcje'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function inboxServer(unread: () => number) {
  return useFakeServer((request) => {
    if (request.path === '/notifications/list') return inboxAnswer([buildNotification()], unread());
    if (request.path === '/push/key') return ok({ publicKey: SERVER_KEY });
    return ok({});
  });
}

const listCalls = (server: ReturnType<typeof useFakeServer>) => server.paths().filter((path) => path === '/notifications/list').length;

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(async () => {
  removeFakePush();
  await stopOutbox();
});

describe('her inbox without a reload', () => {
  it('is asked for at start, when she comes back to the app, and when the service worker says a push came', async () => {
    const browser = useFakePush();
    let unread = 1;
    const server = inboxServer(() => unread);
    renderWithHeader();

    expect(await screen.findByRole('link', { name: 'Powiadomienia, 1 nieprzeczytane' })).toBeInTheDocument();
    expect(listCalls(server)).toBe(1);

    unread = 2;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('link', { name: 'Powiadomienia, 2 nieprzeczytane' })).toBeInTheDocument();

    unread = 3;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('link', { name: 'Powiadomienia, 3 nieprzeczytane' })).toBeInTheDocument();

    unread = 4;
    act(() => void browser.postFromWorker({ type: 'push', unread: 4 }));
    expect(await screen.findByRole('link', { name: 'Powiadomienia, 4 nieprzeczytane' })).toBeInTheDocument();
    expect(listCalls(server)).toBe(4);
  });

  it("a tap on a shown push opens its screen in this window (the worker's 'open')", async () => {
    const browser = useFakePush();
    inboxServer(() => 0);
    const router = renderWithHeader();
    await screen.findByRole('link', { name: 'Powiadomienia' });

    act(() => void browser.postFromWorker({ type: 'open', url: '/raport/action-7' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/raport/action-7'));
  });
});

describe('new notifications said by a screen reader (issue 39)', () => {
  /** The header's polite live region (there from the start, empty until something comes). */
  const news = () => document.querySelector('[aria-live="polite"].notification-bell__news')!;

  it("says 'Nowe powiadomienie' when one comes while the app is open, '2 nowe powiadomienia' for two; nothing for what she had", async () => {
    useFakePush();
    const old = buildNotification({ readAt: null });
    let inbox = [old];
    useFakeServer((request) => (request.path === '/notifications/list' ? inboxAnswer(inbox) : ok({})));
    renderWithHeader();

    // Her first answer on this phone is what she had: not news.
    expect(await screen.findByRole('link', { name: 'Powiadomienia, 1 nieprzeczytane' })).toBeInTheDocument();
    expect(news()).toBeInTheDocument();
    expect(news()).toHaveTextContent('');

    inbox = [buildNotification(), ...inbox];
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(news()).toHaveTextContent(/^Nowe powiadomienie$/));

    inbox = [buildNotification(), buildNotification({ kind: 'action_cancelled' }), ...inbox];
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(news()).toHaveTextContent(/^2 nowe powiadomienia$/));
    expect(screen.getByRole('link', { name: 'Powiadomienia, 4 nieprzeczytane' })).toBeInTheDocument();

    // The same answer again, or one that only marks them read: nothing new to say, the last words stay.
    const said = news().firstElementChild;
    inbox = inbox.map((notification) => ({ ...notification, readAt: '2026-03-05 10:00:00' }));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('link', { name: 'Powiadomienia' })).toBeInTheDocument();
    expect(news().firstElementChild).toBe(said);
  });

  it('what came while the app was closed is said when it opens with her kept inbox; one already read is not news', async () => {
    useFakePush();
    const kept = buildNotification({ readAt: '2026-03-05 09:00:00' });
    useAppStore.setState({ notifications: { list: [kept], unread: 0, pushWanted: false } });
    const read = buildNotification({ readAt: '2026-03-05 09:40:00' });
    const fresh = [buildNotification(), buildNotification(), buildNotification(), buildNotification(), buildNotification()];
    useFakeServer((request) => (request.path === '/notifications/list' ? inboxAnswer([...fresh, read, kept]) : ok({})));
    renderWithHeader();

    await waitFor(() => expect(news()).toHaveTextContent(/^5 nowych powiadomień$/));
  });
});

describe('her push subscription at the start of the app', () => {
  it('is renewed when she turned push on and the permission holds: the same subscription given to the server again', async () => {
    const browser = useFakePush({ permission: 'granted', subscription: fakeSubscription(keyBytes(SERVER_KEY)) });
    const kept = browser.subscription()!;
    useAppStore.setState({ notifications: { list: [], unread: 0, pushWanted: true } });
    const server = inboxServer(() => 0);
    renderWithHeader();

    await waitFor(() => expect(server.paths()).toContain('/push/subscribe'));
    expect(server.requests.find((request) => request.path === '/push/subscribe')?.body).toEqual({
      subscription: { endpoint: kept.endpoint, expirationTime: null, keys: kept.toJSON().keys },
    });
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.subscription()).toBe(kept);
  });

  it("is replaced when it was made with another key than the server's (a rotated VAPID key)", async () => {
    const browser = useFakePush({ permission: 'granted', subscription: fakeSubscription(keyBytes(OLD_KEY)) });
    const old = browser.subscription()!;
    useAppStore.setState({ notifications: { list: [], unread: 0, pushWanted: true } });
    const server = inboxServer(() => 0);
    renderWithHeader();

    await waitFor(() => expect(server.paths()).toContain('/push/subscribe'));
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(SERVER_KEY) });
    const renewed = server.requests.find((request) => request.path === '/push/subscribe')?.body as { subscription: { endpoint: string } };
    expect(renewed.subscription.endpoint).toBe(browser.subscription()!.endpoint);
    expect(renewed.subscription.endpoint).not.toBe(old.endpoint);
  });

  it.each([
    ['she never turned it on', 'granted', false],
    ['the permission was taken back in the settings', 'denied', true],
  ] as const)('is left alone when %s', async (_, permission, pushWanted) => {
    const browser = useFakePush({ permission });
    useAppStore.setState({ notifications: { list: [], unread: 0, pushWanted } });
    const server = inboxServer(() => 0);
    renderWithHeader();

    await waitFor(() => expect(listCalls(server)).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.paths()).toEqual(['/notifications/list']);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});
