import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch } from '../../../test/fake-fetch.ts';
import { buildAction, buildActionPoint } from '../test/build-action.ts';
import { enqueue, pendingItems, resetOutboxMock } from '../test/outbox-mock.ts';
import { renderActionPage } from '../test/render-action-page.tsx';
import { WAIT_MS } from '../../../test/wait.ts';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

const zabka = buildActionPoint({ uuid: 'p1', name: 'Żabka Marszałkowska' });

describe('action detail (/akcja/{id})', () => {
  afterEach(resetOutboxMock);

  it('shows the name, "ID akcji", duration and location, with "Rozpocznij", "Odwołać" and an inactive "Kody promocyjne"', () => {
    const action = buildAction({
      uuid: 'a1',
      name: 'Degustacja glo',
      ident: 'AKC-7',
      points: [zabka],
      since: '2020-01-01 08:00:00',
      until: '2020-01-01 22:00:00',
    });
    renderActionPage('/akcja/a1', [action]);

    expect(screen.getByRole('link', { name: /Wróć do akcji/ })).toHaveAttribute('href', '/akcje');
    expect(screen.getByRole('heading', { name: 'Degustacja glo' })).toBeInTheDocument();
    expect(screen.getByText('ID akcji:', { exact: false })).toHaveTextContent('ID akcji: AKC-7');
    expect(screen.getByText('Czas trwania').nextElementSibling).toHaveTextContent('1-1-2020, 08:00–22:00');
    expect(screen.getByText('Lokalizacja').nextElementSibling).toHaveTextContent(
      'Żabka Marszałkowskaul. Marszałkowska 104, 00-017 Warszawa',
    );
    expect(screen.getByRole('button', { name: 'Rozpocznij' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Odwołać' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeDisabled();
    expect(screen.queryByText('Można już zakończyć akcję.')).not.toBeInTheDocument();
  });

  it('a started action says it can be finished, offers "Zakończ" and no "Odwołać"', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', status: 'started' })]);

    expect(screen.getByText('Można już zakończyć akcję.')).toBeInTheDocument();
    expect(screen.getByText('W trakcie')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odwołać' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));
    expect(router.state.location.pathname).toBe('/akcja/koniec/a1');
  });

  it('a cancelled action offers neither start nor cancel', () => {
    renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', global: 'hst_cancelled', since: '2020-01-01 08:00:00' })]);
    expect(screen.getByText('Odwołana')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rozpocznij' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odwołać' })).not.toBeInTheDocument();
  });

  it('while its items wait in the outbox, "Rozpocznij" is dimmed and leads nowhere', async () => {
    pendingItems.push({ group: 'a1', kind: 'cancel' });
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', since: '2020-01-01 08:00:00' })]);

    const start = screen.getByRole('button', { name: 'Rozpocznij' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    await user.click(start);
    expect(router.state.location.pathname).toBe('/akcja/a1');
    expect(screen.getByText('Oczekuje na wysłanie')).toBeInTheDocument();
  });

  it('"Kody promocyjne" works as soon as her start waits in the outbox, nothing else of hers running (decision 074)', () => {
    pendingItems.push({ group: 'a1', kind: 'poll' }, { group: 'a1', kind: 'photos' }, { group: 'a1', kind: 'check-in' });
    renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', since: '2020-01-01 08:00:00' })]);
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeEnabled();
  });

  it('a code given during her action and still waiting to be sent dims neither "Zakończ" nor "Kody promocyjne"', () => {
    pendingItems.push({ group: 'a1', kind: 'voucher-redeem' });
    renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', status: 'started' })]);
    expect(screen.getByRole('button', { name: 'Zakończ' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Kody promocyjne' })).toBeEnabled();
    expect(screen.queryByText('Oczekuje na wysłanie')).not.toBeInTheDocument();
  });

  it('a tap on the dimmed "Rozpocznij" of an action without a point says why', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', points: [], since: '2020-01-01 08:00:00' })]);

    const start = screen.getByRole('button', { name: 'Rozpocznij' });
    await user.click(start);
    expect(router.state.location.pathname).toBe('/akcja/a1');
    expect(screen.getByRole('alert')).toHaveTextContent('Tej akcji nie można jeszcze rozpocząć: nie ma przypisanej lokalizacji.');
    expect(start).toHaveAccessibleDescription('Tej akcji nie można jeszcze rozpocząć: nie ma przypisanej lokalizacji.');
  });

  it('a tap on "Rozpocznij" while its change waits in the outbox says so', async () => {
    pendingItems.push({ group: 'a1', kind: 'cancel' });
    const user = userEvent.setup();
    renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', since: '2020-01-01 08:00:00' })]);

    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Poprzednia zmiana tej akcji czeka na wysłanie.');
  });

  it('with another action running, "Rozpocznij" names it and links to its finish, before any location choice', async () => {
    const user = userEvent.setup();
    const running = buildAction({ uuid: 'run', name: 'Pokaz velo', status: 'started' });
    const { router } = renderActionPage('/akcja/a1', [
      running,
      buildAction({ uuid: 'a1', points: [zabka, buildActionPoint()], since: '2020-01-01 08:00:00' }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/akcja/a1');
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Masz już rozpoczętą akcję „Pokaz velo”. Zakończ ją, zanim rozpoczniesz następną.');
    await user.click(within(note).getByRole('link', { name: 'Przejdź do zakończenia akcji „Pokaz velo”' }));
    expect(router.state.location.pathname).toBe('/akcja/koniec/run');
  });

  it('"Odwołać" asks first; "Potwierdź" queues the cancel with the first point and opens the list', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', points: [zabka, buildActionPoint()] })]);

    await user.click(screen.getByRole('button', { name: 'Odwołać' }));
    const dialog = screen.getByRole('dialog', { name: 'Czy na pewno chcesz odwołać swój udział w akcji?' });
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(enqueue).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Odwołać' }));
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/akcje'), { timeout: WAIT_MS });
    expect(enqueue).toHaveBeenCalledWith([
      {
        kind: 'cancel',
        route: 'actionCancel',
        group: 'a1',
        subject: expect.stringMatching(/^Akcja „.+”$/),
        body: { action: { uuid: 'a1' }, actionPoint: { uuid: 'p1' } },
      },
    ]);
  });

  it('an action without points can be cancelled too; the cancel names only the action', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', points: [], since: '2020-01-01 08:00:00' })]);

    expect(screen.getByText('Ta akcja nie ma jeszcze lokalizacji.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rozpocznij' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Odwołać' }));
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/akcje'), { timeout: WAIT_MS });
    expect(enqueue).toHaveBeenCalledWith([
      {
        kind: 'cancel',
        route: 'actionCancel',
        group: 'a1',
        subject: expect.stringMatching(/^Akcja „.+”$/),
        body: { action: { uuid: 'a1' } },
      },
    ]);
  });

  it('with two points, "Rozpocznij" asks where and opens the start form for that point', async () => {
    const arkadia = buildActionPoint({ uuid: 'p2', name: 'Kiosk Arkadia', point: { petraId: 'P-10878' } });
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/a1', [buildAction({ uuid: 'a1', points: [zabka, arkadia], since: '2020-01-01 08:00:00' })]);

    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));
    const chooser = screen.getByRole('dialog', { name: 'Wybierz lokalizację' });
    await user.click(within(chooser).getByRole('button', { name: 'P-10878 Kiosk Arkadia, ul. Marszałkowska 104, 00-017 Warszawa' }));

    expect(router.state.location.pathname).toBe('/akcja/start/a1');
    expect(router.state.location.search).toBe('?punkt=p2');
  });

  it('an action that is not in her list, even after a reload, is not found', async () => {
    const { requests } = useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [buildAction({ uuid: 'other' })] }) } });
    renderActionPage('/akcja/missing', []);

    expect(await screen.findByText('Nie ma tej akcji na Twojej liście.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Szczegóły akcji' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Wróć do akcji/ })).toHaveAttribute('href', '/akcje');
    expect(requests).toHaveLength(1);
  });

  it('an action missing from the saved list is loaded from the server', async () => {
    useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [buildAction({ uuid: 'a9', name: 'Nowa akcja' })] }) } });
    renderActionPage('/akcja/a9', []);
    expect(await screen.findByRole('heading', { name: 'Nowa akcja' })).toBeInTheDocument();
  });
});
