import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { keyBytes } from '../../features/notifications/push/push-subscription.ts';
import { fakeSubscription, removeFakePush, SERVER_KEY, useFakePush } from '../../features/notifications/test/fake-push.ts';
import { startSession } from '../../features/auth/session.ts';
import { useAppStore } from '../../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../../test/builders.ts';
import { useFakeFetch } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

async function openMenu() {
  const user = userEvent.setup();
  act(() => startSession(buildSession()));
  renderApp('/akcje');
  await user.click(await screen.findByRole('button', { name: 'Otwórz menu' }));
  return { user, menu: screen.getByRole('dialog', { name: 'Menu' }) };
}

describe('side menu', () => {
  it("greets 'Witaj Anna' and lists its seven entries", async () => {
    const { menu } = await openMenu();

    expect(within(menu).getByText('Witaj Anna')).toBeInTheDocument();
    const names = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Akcje', 'Kalendarz', 'Raporty', 'Webform', 'Zdjęcia produktów', 'Twoje dane', 'Wyloguj']);
    expect(within(menu).getByRole('link', { name: 'Zdjęcia produktów' })).toHaveAttribute('href', '/photos');
    expect(within(menu).getByRole('button', { name: 'Wyloguj' })).toBeInTheDocument();
  });

  it('Escape closes the menu and gives focus back to the burger', async () => {
    const { user } = await openMenu();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Otwórz menu' })).toHaveFocus();
  });

  it('an entry opens its page', async () => {
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('link', { name: 'Raporty' }));

    expect(await screen.findByRole('heading', { name: 'Raporty' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('"Wyloguj" logs out and shows the login page', async () => {
    useFakeFetch({ '/api/auth/logout': { body: successEnvelope({}) } });
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Wyloguj' }));

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAppStore.getState().user.profile).toBeNull();
  });

  it('a logout without a connection still logs out, and the login page says the connection is missing', async () => {
    // /akcje loads the list; only the logout fails.
    useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [] }) }, '/api/auth/logout': 'network-error' });
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Wyloguj' }));

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(screen.getByText('Brak połączenia z internetem')).toHaveRole('status');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a failed logout shows the error and still logs out', async () => {
    useFakeFetch({
      '/api/action/list': { body: successEnvelope({ actions: [] }) },
      '/api/auth/logout': { status: 500, body: failureEnvelope('E_INTERNAL') },
    });
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Wyloguj' }));

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wystąpił błąd serwera. Spróbuj ponownie później.' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('header', () => {
  it('has a disabled coupon button and no version outside the Android wrapper', async () => {
    renderApp('/kalendarz');

    expect(await screen.findByRole('button', { name: 'Kody promocyjne' })).toBeDisabled();
    expect(screen.queryByText(/^Wersja /)).not.toBeInTheDocument();
  });

  it("shows the Android wrapper's app version", async () => {
    window.PromotorAndroid = { getAppVersion: () => '2.4.1' };
    try {
      renderApp('/kalendarz');
      expect(await screen.findByText('Wersja 2.4.1')).toBeInTheDocument();
    } finally {
      delete window.PromotorAndroid;
    }
  });

  it("'Wyloguj' first drops this phone's push subscription, on the server while her token works and in the browser", async () => {
    const browser = useFakePush({ permission: 'granted', subscription: fakeSubscription(keyBytes(SERVER_KEY)) });
    const subscription = browser.subscription()!;
    const { requests } = useFakeFetch({
      '/api/push/unsubscribe': { body: successEnvelope({}) },
      '/api/auth/logout': { body: successEnvelope({}) },
    });
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Wyloguj' }));

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    const sent = requests.filter((request) => request.url === '/api/push/unsubscribe' || request.url === '/api/auth/logout');
    expect(sent.map((request) => request.url)).toEqual(['/api/push/unsubscribe', '/api/auth/logout']);
    expect(sent[0]!.body).toEqual({ endpoint: subscription.endpoint });
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-of-anna');
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});

afterEach(removeFakePush);
