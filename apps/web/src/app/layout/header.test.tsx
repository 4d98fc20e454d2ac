import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAction } from '../../features/actions/test/build-action.ts';
import { buildNotification, inboxAnswer, withEmptyInbox } from '../../features/notifications/test/notification-builders.ts';
import { enqueue, flushOutbox, stopOutbox } from '../../lib/outbox/outbox.ts';
import { buildStartFlow, logIn, ok, useFakeServer, useFreshIndexedDb } from '../../lib/outbox/test/outbox-test-kit.ts';
import { closeVoucherPopups } from '../../features/vouchers/voucher-popups-state.ts';
import { useAppStore } from '../../store/app-store.ts';
import { buildSession } from '../../test/builders.ts';
import { AppToasts } from '../app-overlays.tsx';
import { Header } from './header.tsx';

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header />
      <AppToasts />
    </MemoryRouter>,
  );
}

afterEach(() => stopOutbox());

/**
 * She is logged in, in the store this file's header reads: logIn() imports the store afresh, which after
 * the first test's vi.resetModules() is another one, and the header's session guard would leave the page.
 */
function logInHere() {
  localStorage.setItem('token', 'token-of-anna');
  act(() => useAppStore.getState().setSession(buildSession({ token: 'token-of-anna' })));
}

describe('header', () => {
  it('makes the codes of field work read in Polish on every page it is on', async () => {
    // Fresh modules: neither the test set-up's registration nor this file's import of the header counts.
    vi.resetModules();
    const { errorMessage } = await import('../../lib/error-message.ts');
    const { ApiError: FreshApiError } = await import('../../lib/api-client.ts');
    const refused = new FreshApiError('api', 'E_VOUCHER_ALREADY_REDEEMED', 'ts-1');
    expect(errorMessage(refused)).toBe('E_VOUCHER_ALREADY_REDEEMED');
    await import('../store-slices.ts'); // as in main.tsx, before anything loads the store
    await import('./header.tsx');
    expect(errorMessage(refused)).toBe('Ten kod został już wydany.');
  });

  it("says how many items wait to be sent ('Do wysłania: 3') and nothing once they are sent", async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    let online = false;
    useFakeServer(withEmptyInbox(() => (online ? ok() : 'network-error')));
    await enqueue(buildStartFlow('action-1'));

    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('status', { name: 'Do wysłania: 3' })).toHaveTextContent('Do wysłania: 3');
    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(screen.queryByText(/Do wysłania/)).not.toBeInTheDocument());
  });

  it("the coupon icon works while her action is started and opens 'Wybierz kategorię:' with the batches of its event", async () => {
    useFreshIndexedDb();
    await logIn('anna');
    const server = useFakeServer(
      withEmptyInbox((request) =>
        request.path === '/voucher/batches' ? ok({ batches: [{ uuid: 'batch-glo', ident: 'glo hyper X2' }] }) : ok({ actions: [] }),
      ),
    );
    const started = buildAction({ status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    const user = userEvent.setup();
    renderHeader();

    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    const picker = await screen.findByRole('dialog', { name: 'Wybierz kategorię:' });
    expect(await within(picker).findByRole('button', { name: 'glo hyper X2' })).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/voucher/batches')?.body).toEqual({ event: { uuid: started.event.uuid } });
  });

  it('spec §4: while her list holds an action started globally, the batches of its event are loaded and kept', async () => {
    useFreshIndexedDb();
    await logIn('anna');
    useFakeServer(withEmptyInbox(() => ok({ batches: [{ uuid: 'batch-velo', ident: 'velo 2 saszetki' }] })));
    const running = buildAction({ global: 'started' });
    useAppStore.setState({ actions: { list: [running], currentAction: null } });
    renderHeader();

    await waitFor(() =>
      expect(useAppStore.getState().vouchers.batches[running.event.uuid]).toEqual([{ uuid: 'batch-velo', ident: 'velo 2 saszetki' }]),
    );
  });

  it('the coupon icon works once her start is queued on the phone, before it is sent (decision 074)', async () => {
    useFreshIndexedDb();
    await logIn('anna');
    const server = useFakeServer((request) =>
      request.path === '/voucher/batches' ? ok({ batches: [{ uuid: 'batch-glo', ident: 'glo hyper X2' }] }) : 'network-error',
    );
    const accepted = buildAction();
    useAppStore.setState({ actions: { list: [accepted], currentAction: null } });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeDisabled();

    await act(() => enqueue(buildStartFlow(accepted.uuid)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeEnabled());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await screen.findByRole('dialog', { name: 'Wybierz kategorię:' });
    expect(server.requests.find((request) => request.path === '/voucher/batches')?.body).toEqual({ event: { uuid: accepted.event.uuid } });
  });

  it('the coupon icon is disabled without a started action', () => {
    useFreshIndexedDb();
    const accepted = buildAction();
    useAppStore.setState({ actions: { list: [accepted], currentAction: null } });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeDisabled();
  });

  it("the bell says how many notifications are unread ('Powiadomienia, 2 nieprzeczytane') and opens her inbox", async () => {
    // The popups' state is the module's, not the store's: the picker an earlier test opened would cover the page.
    closeVoucherPopups();
    useFreshIndexedDb();
    logInHere();
    useFakeServer((request) =>
      request.path === '/notifications/list' ? inboxAnswer([buildNotification(), buildNotification()]) : ok({ actions: [] }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/akcje']}>
        <Header />
        <Routes>
          <Route path="/akcje" element={<h1>Akcje</h1>} />
          <Route path="/powiadomienia" element={<h1>Lista powiadomień</h1>} />
        </Routes>
      </MemoryRouter>,
    );

    const bell = await screen.findByRole('link', { name: 'Powiadomienia, 2 nieprzeczytane' });
    expect(bell).toHaveTextContent('2');
    await user.click(bell);
    expect(await screen.findByRole('heading', { name: 'Lista powiadomień' })).toBeInTheDocument();
  });

  it("the bell with nothing unread is just 'Powiadomienia', with no count drawn", async () => {
    useFreshIndexedDb();
    logInHere();
    useFakeServer((request) =>
      request.path === '/notifications/list' ? inboxAnswer([buildNotification({ readAt: '2026-03-05 10:00:00' })]) : ok({ actions: [] }),
    );
    renderHeader();

    await waitFor(() => expect(useAppStore.getState().notifications.list).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Powiadomienia' })).toHaveTextContent('');
  });
});
