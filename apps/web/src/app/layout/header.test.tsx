import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAction } from '../../features/actions/test/build-action.ts';
import { enqueue, flushOutbox, stopOutbox } from '../../lib/outbox/outbox.ts';
import { buildStartFlow, logIn, ok, useFakeServer, useFreshIndexedDb } from '../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../store/app-store.ts';
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
    useFakeServer(() => (online ? ok() : 'network-error'));
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
    const server = useFakeServer((request) =>
      request.path === '/voucher/batches' ? ok({ batches: [{ uuid: 'batch-glo', ident: 'glo hyper X2' }] }) : ok({ actions: [] }),
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
    useFakeServer(() => ok({ batches: [{ uuid: 'batch-velo', ident: 'velo 2 saszetki' }] }));
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
});
