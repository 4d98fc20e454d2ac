import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logIn, ok, refused, useFakeServer, useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { keyBytes } from '../push/push-subscription.ts';
import { removeFakePush, SERVER_KEY, useFakePush, useIPhone } from '../test/fake-push.ts';
import { PushControl } from './push-control.tsx';

function pushServer(publicKey: string | null = SERVER_KEY) {
  return useFakeServer((request) => {
    if (request.path === '/push/key') return ok({ publicKey });
    if (request.path === '/push/subscribe') return ok({});
    return refused('E_NOT_FOUND', 404);
  });
}

function renderControl() {
  const { container } = render(<PushControl />);
  expect(screen.getByRole('heading', { level: 2, name: 'Powiadomienia na telefonie' })).toBeInTheDocument();
  return { user: userEvent.setup(), section: container };
}

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(removeFakePush);

describe("'Włącz powiadomienia'", () => {
  it('asks nothing on load; a tap asks the permission, subscribes with the server key and gives the subscription to the server', async () => {
    const browser = useFakePush({ permission: 'default', answer: 'granted' });
    const server = pushServer();
    const { user } = renderControl();

    expect(screen.getByText('Dostaniesz powiadomienie, gdy koordynator odeśle raport albo zmieni się Twój plan.')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));

    expect(await screen.findByText('Powiadomienia na tym telefonie są włączone.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(SERVER_KEY) });
    const subscription = browser.subscription()!;
    expect(server.paths()).toEqual(['/push/key', '/push/subscribe']);
    expect(server.requests[1]!.body).toEqual({
      subscription: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.toJSON().keys },
    });
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).not.toBeInTheDocument();
    // Renewed at the next start of the app (notifications-background.test.tsx).
    expect(useAppStore.getState().notifications.pushWanted).toBe(true);
  });

  it('a prompt she dismisses leaves the button, and nothing is subscribed', async () => {
    const browser = useFakePush({ permission: 'default', answer: 'default' });
    const server = pushServer();
    const { user } = renderControl();

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));

    expect(await screen.findByRole('button', { name: 'Włącz powiadomienia' })).toBeEnabled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
  });

  it('refused at the prompt: says how to allow it in the settings', async () => {
    useFakePush({ permission: 'default', answer: 'denied' });
    pushServer();
    const { user, section } = renderControl();

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));

    expect(await within(section).findByText('Powiadomienia są zablokowane dla tej strony.')).toBeInTheDocument();
    expect(within(section).getByText(/Uprawnienia → Powiadomienia → Zezwalaj/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).not.toBeInTheDocument();
  });

  it('blocked before: says how to allow it, with no button that could not work', () => {
    const browser = useFakePush({ permission: 'denied' });
    renderControl();

    expect(screen.getByText('Powiadomienia są zablokowane dla tej strony.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('already on for her (permission granted, push wanted): says they are on', () => {
    useFakePush({ permission: 'granted' });
    useAppStore.setState({ notifications: { list: [], unread: 0, pushWanted: true } });
    renderControl();

    expect(screen.getByText('Powiadomienia na tym telefonie są włączone.')).toBeInTheDocument();
  });

  it('a browser without push says so, with no button', () => {
    renderControl();

    expect(screen.getByText(/Ta przeglądarka nie obsługuje powiadomień/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).not.toBeInTheDocument();
  });

  it('a server that sends no push (no key): says it is unavailable, subscribes nothing', async () => {
    const browser = useFakePush({ answer: 'granted' });
    pushServer(null);
    const { user } = renderControl();

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));

    expect(await screen.findByText(/chwilowo niedostępne/)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(useAppStore.getState().notifications.pushWanted).toBe(false);
  });

  it('no connection: says it failed and offers the button again', async () => {
    useFakePush({ answer: 'granted' });
    useFakeServer(() => 'network-error');
    const { user } = renderControl();

    await user.click(screen.getByRole('button', { name: 'Włącz powiadomienia' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się włączyć powiadomień. Sprawdź połączenie i spróbuj ponownie.');
    expect(screen.getByRole('button', { name: 'Włącz powiadomienia' })).toBeEnabled();
    expect(useAppStore.getState().notifications.pushWanted).toBe(false);
  });

  it("an iPhone's Safari: first the steps to add the app to the Home Screen, instead of the button", () => {
    useIPhone({ standalone: false });
    useFakePush();
    renderControl();

    expect(screen.getByText('Najpierw dodaj aplikację do ekranu początkowego')).toBeInTheDocument();
    expect(screen.getByText('Wybierz „Dodaj do ekranu początkowego” i stuknij „Dodaj”.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).not.toBeInTheDocument();
  });

  it('the app opened from the Home Screen of an iPhone offers the button', () => {
    useIPhone({ standalone: true });
    useFakePush();
    renderControl();

    expect(screen.getByRole('button', { name: 'Włącz powiadomienia' })).toBeInTheDocument();
    expect(screen.queryByText('Najpierw dodaj aplikację do ekranu początkowego')).not.toBeInTheDocument();
  });
});
