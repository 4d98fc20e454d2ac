import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '@promotor/contract';
import { AppToasts } from '../../../app/app-overlays.tsx';
import { useAppStore } from '../../../store/app-store.ts';
import { failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch } from '../../../test/fake-fetch.ts';
import { buildAction, buildActionPoint } from '../test/build-action.ts';
import { pendingItems, refusedListeners, resetOutboxMock, sentListeners } from '../test/outbox-mock.ts';
import { ActionsPage } from './actions-page.tsx';
import { WAIT_MS } from '../../../test/wait.ts';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/akcje', element: <ActionsPage /> },
      { path: '/akcja/start/:actionId', element: <h1>Rozpoczynanie akcji</h1> },
    ],
    { initialEntries: ['/akcje'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <AppToasts />
    </>,
  );
  return router;
}

const answerList = (actions: Action[]) => useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions }) } });

describe('actions list (/akcje)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    resetOutboxMock();
  });

  it('asks for today’s started and accepted actions and shows date, times and name', async () => {
    const { requests } = answerList([
      buildAction({ name: 'Degustacja glo — Żabka', since: '2026-03-05 08:00:00', until: '2026-03-05 22:00:00' }),
    ]);
    renderList();

    expect(screen.getByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '5-3-2026 08:00–22:00 Degustacja glo — Żabka' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/akcja\/action-/),
    );
    expect(requests[0]?.body).toEqual({
      actions: { since: '2026-03-05 00:00:00', filters: { statuses: ['started', 'accepted'] } },
      pagination: { limit: 200, offset: 0 },
    });
  });

  it('marks her started action "W trakcie" with a link to finish it, and keeps it as the current action', async () => {
    const started = buildAction({ uuid: 'a1', name: 'Pokaz velo', status: 'started' });
    answerList([started]);
    renderList();

    const item = (await screen.findByText('Pokaz velo')).closest('li')!;
    expect(within(item).getByText('W trakcie')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /^5-3-2026 08:00–22:00 Pokaz velo W trakcie/ })).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Zakończ: Pokaz velo' })).toHaveAttribute('href', '/akcja/koniec/a1');
    expect(useAppStore.getState().actions.currentAction?.uuid).toBe('a1');
  });

  it('marks a cancelled action "Odwołana" and offers no start link', async () => {
    answerList([buildAction({ name: 'Pokaz vuse', global: 'hst_cancelled' })]);
    renderList();

    const item = (await screen.findByText('Pokaz vuse')).closest('li')!;
    expect(within(item).getByText('Odwołana')).toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: /Rozpocznij/ })).not.toBeInTheDocument();
  });

  it('lists only today’s until their planned end and the one she started: not tomorrow’s, not one over without her (issue 33 item 17)', async () => {
    answerList([
      buildAction({ name: 'Teraz', since: '2026-03-05 08:00:00', until: '2026-03-05 22:00:00' }),
      buildAction({ name: 'Wieczorem', since: '2026-03-05 18:00:00', until: '2026-03-05 22:00:00' }),
      buildAction({ name: 'Jutro', since: '2026-03-06 10:00:00', until: '2026-03-06 16:00:00' }),
      buildAction({ name: 'Minęła', since: '2026-03-05 06:00:00', until: '2026-03-05 11:00:00' }),
      buildAction({ name: 'Ranna', since: '2026-03-05 06:00:00', until: '2026-03-05 11:00:00', status: 'started' }),
    ]);
    renderList();

    expect(await screen.findByText('Teraz')).toBeInTheDocument();
    expect(screen.getByText('Wieczorem')).toBeInTheDocument();
    expect(screen.getByText('Ranna')).toBeInTheDocument();
    expect(screen.queryByText('Minęła')).not.toBeInTheDocument();
    expect(screen.queryByText('Jutro')).not.toBeInTheDocument();
  });

  it('with only later actions, says none runs now and where the next are', async () => {
    answerList([buildAction({ name: 'Jutro', since: '2026-03-06 10:00:00', until: '2026-03-06 16:00:00' })]);
    renderList();

    expect(await screen.findByText('Teraz nie trwa żadna akcja. Kolejne znajdziesz w Kalendarzu.')).toBeInTheDocument();
    expect(screen.queryByText('Jutro')).not.toBeInTheDocument();
  });

  it('offers "Rozpocznij" only for actions with a point that start today or earlier', async () => {
    answerList([
      buildAction({ uuid: 'today', name: 'Dziś', points: [buildActionPoint()] }),
      buildAction({ name: 'Bez punktu', points: [] }),
      buildAction({ name: 'Jutro', since: '2026-03-06 10:00:00', until: '2026-03-06 16:00:00' }),
    ]);
    renderList();

    expect(await screen.findByRole('link', { name: 'Rozpocznij: Dziś' })).toHaveAttribute('href', '/akcja/start/today');
    expect(screen.queryByRole('link', { name: 'Rozpocznij: Bez punktu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rozpocznij: Jutro' })).not.toBeInTheDocument();
  });

  it('an action with items waiting in the outbox says "Oczekuje na wysłanie" and its link is dimmed', async () => {
    pendingItems.push({ group: 'a1', kind: 'check-in' });
    answerList([buildAction({ uuid: 'a1', name: 'Czeka' })]);
    renderList();

    const item = (await screen.findByText('Czeka')).closest('li')!;
    expect(within(item).getByText('Oczekuje na wysłanie')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Rozpocznij: Czeka' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('with another action running, "Rozpocznij" names it and links to its finish instead of opening the form', async () => {
    answerList([buildAction({ uuid: 'run', name: 'Pokaz velo', status: 'started' }), buildAction({ uuid: 'a2', name: 'Degustacja glo' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderList();

    const start = await screen.findByRole('link', { name: 'Rozpocznij: Degustacja glo' });
    await user.click(start);
    expect(router.state.location.pathname).toBe('/akcje');
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Masz już rozpoczętą akcję „Pokaz velo”. Zakończ ją, zanim rozpoczniesz następną.');
    expect(within(note).getByRole('link', { name: 'Przejdź do zakończenia akcji „Pokaz velo”' })).toHaveAttribute(
      'href',
      '/akcja/koniec/run',
    );
    expect(start).toHaveAccessibleDescription(/Masz już rozpoczętą akcję „Pokaz velo”/);
  });

  it('a start still waiting in the outbox counts as running', async () => {
    pendingItems.push({ group: 'a1', kind: 'check-in' });
    answerList([buildAction({ uuid: 'a1', name: 'Pokaz velo' }), buildAction({ uuid: 'a2', name: 'Degustacja glo' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderList();

    await user.click(await screen.findByRole('link', { name: 'Rozpocznij: Degustacja glo' }));
    expect(router.state.location.pathname).toBe('/akcje');
    expect(screen.getByRole('alert')).toHaveTextContent('Masz już rozpoczętą akcję „Pokaz velo”.');
  });

  it('an action with two points asks where on the list too, then opens the start form of that point', async () => {
    const kiosk = buildActionPoint({ uuid: 'p2', name: 'Kiosk Arkadia', point: { petraId: 'P-10878' } });
    answerList([buildAction({ uuid: 'a1', name: 'Arkadia', points: [buildActionPoint(), kiosk] })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderList();

    await user.click(await screen.findByRole('link', { name: 'Rozpocznij: Arkadia' }));
    const chooser = screen.getByRole('dialog', { name: 'Wybierz lokalizację' });
    await user.click(within(chooser).getByRole('button', { name: /^P-10878 Kiosk Arkadia/ }));
    expect(router.state.location.pathname).toBe('/akcja/start/a1');
    expect(router.state.location.search).toBe('?punkt=p2');
  });

  it('says "Brak akcji na dziś." when there is none', async () => {
    answerList([]);
    renderList();
    expect(await screen.findByText('Brak akcji na dziś.')).toBeInTheDocument();
  });

  it('a failed load shows the Polish error and a way to try again', async () => {
    // (An ended session is not a failed load: it returns to the login page, app/session-end.test.tsx.)
    useFakeFetch({ '/api/action/list': { status: 503, body: failureEnvelope('E_SERVICE_UNAVAILABLE') } });
    renderList();

    expect(await screen.findByRole('button', { name: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie później.' })).toBeInTheDocument();
    expect(await screen.findByText('Nie udało się wczytać akcji.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });

  it('a load cut off by the page being left (a reload, another address) shows no error toast, which the store would bring back on the next page', async () => {
    const { fetch } = useFakeFetch({ '/api/action/list': 'cut-off' });
    renderList();

    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: WAIT_MS });
    expect(await screen.findByText('Nie udało się wczytać akcji.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wystąpił błąd. Spróbuj ponownie.' })).not.toBeInTheDocument();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('an answer that is not the API’s (a proxy’s page) still shows the generic error toast', async () => {
    useFakeFetch({ '/api/action/list': { status: 502, body: '<html>Bad gateway</html>' } });
    renderList();

    expect(await screen.findByRole('button', { name: 'Wystąpił błąd. Spróbuj ponownie.' })).toBeInTheDocument();
  });

  it('reloads when the outbox has delivered a check-in', async () => {
    const { requests } = answerList([buildAction({ name: 'Pokaz' })]);
    renderList();
    await screen.findByText('Pokaz');
    expect(requests).toHaveLength(1);

    act(() => sentListeners.forEach((listener) => listener({ kind: 'check-in' } as never, {})));
    await vi.waitFor(() => expect(requests).toHaveLength(2), { timeout: WAIT_MS });
    act(() => sentListeners.forEach((listener) => listener({ kind: 'location' } as never, {})));
    expect(requests).toHaveLength(2);
  });

  it('reloads when the server finally refused a check-in, so that the action shows as it really is', async () => {
    const { requests } = answerList([buildAction({ name: 'Pokaz' })]);
    renderList();
    await screen.findByText('Pokaz');
    expect(requests).toHaveLength(1);

    act(() => refusedListeners.forEach((listener) => listener({ kind: 'check-in' } as never, 'E_WRONG_ACTION_STATUS')));
    await vi.waitFor(() => expect(requests).toHaveLength(2), { timeout: WAIT_MS });
    act(() => refusedListeners.forEach((listener) => listener({ kind: 'photos' } as never, 'E_FILE_ALREADY_EXISTS')));
    expect(requests).toHaveLength(2);
  });

  it('a delivered check-out takes effect at once: she has no current action any more', async () => {
    const started = buildAction({ uuid: 'a1', name: 'Pokaz', status: 'started' });
    answerList([started]);
    renderList();
    await screen.findByText('W trakcie');

    const finished = { ...started, status: { ...started.status, user: { ...started.status.user, status: 'finished' as const } } };
    act(() => sentListeners.forEach((listener) => listener({ kind: 'check-out', group: 'a1' } as never, { action: finished })));
    expect(useAppStore.getState().actions.currentAction).toBeNull();
    expect(screen.queryByText('W trakcie')).not.toBeInTheDocument();
  });

  it('a change of state of an action is read out once the server has it, not the list she opened', async () => {
    const started = buildAction({ uuid: 'a1', name: 'Pokaz', status: 'started' });
    answerList([started]);
    renderList();
    await screen.findByText('W trakcie');
    const announcer = screen.getAllByRole('status').find((region) => region.classList.contains('actions-page__announcer'));
    expect(announcer).toBeEmptyDOMElement();

    const finished = { ...started, status: { ...started.status, user: { ...started.status.user, status: 'finished' as const } } };
    act(() => sentListeners.forEach((listener) => listener({ kind: 'check-out', group: 'a1' } as never, { action: finished })));
    expect(announcer).toHaveTextContent('Akcja „Pokaz” zakończona.');
  });

  it('a delivered cancel removes the action from her list', async () => {
    answerList([buildAction({ uuid: 'a1', name: 'Pokaz' })]);
    renderList();
    await screen.findByText('Pokaz');
    useFakeFetch({ '/api/action/list': 'network-error' });

    act(() => sentListeners.forEach((listener) => listener({ kind: 'cancel', group: 'a1' } as never, {})));
    expect(screen.queryByText('Pokaz')).not.toBeInTheDocument();
  });

  it('shows the saved list at once while it reloads', () => {
    useFakeFetch({ '/api/action/list': { body: successEnvelope({ actions: [] }) } });
    useAppStore.setState({ actions: { list: [buildAction({ name: 'Zapisana' })], currentAction: null } });
    renderList();
    expect(screen.getByText('Zapisana')).toBeInTheDocument();
  });
});
