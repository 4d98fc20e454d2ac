import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { buildFinishedAction, emptyStats } from '../test/report-builders.ts';
import { ReportsPage } from './reports-page.tsx';

const recent = (current: string | null, last: string | null) => ({
  body: successEnvelope({
    action: {
      current: current ? buildFinishedAction(current, 'Trwająca', '2026-03-05 10:00:00') : null,
      last: last ? buildFinishedAction(last, 'Ostatnia', '2026-03-04 10:00:00') : null,
    },
  }),
});

function answers(stats = emptyStats(), actions = [buildFinishedAction('a-1', 'Degustacja glo — Żabka', '2026-03-04 10:00:00')]) {
  return {
    '/api/action/recent': recent('current-1', 'last-1'),
    '/api/sample/stats': { body: successEnvelope(stats) },
    '/api/action/list': { body: successEnvelope({ actions }) },
  } as Record<string, FakeAnswer>;
}

function renderReports() {
  const router = createMemoryRouter(
    [
      { path: '/raporty', element: <ReportsPage /> },
      { path: '/raport/:reportId', element: <h1>Raport</h1> },
    ],
    { initialEntries: ['/raporty'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const sent = (requests: { url: string; body: unknown }[], url: string) => requests.filter((r) => r.url === url).map((r) => r.body);

describe('reports list (/raporty)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().setSession(buildSession({ user: { ident: 'HST2002' } })));
  });

  it("marks a report whose changes the coordinator requested 'Do poprawy', a resubmitted one 'Wysłana ponownie', the others not at all", async () => {
    useFakeFetch(
      answers(emptyStats(), [
        buildFinishedAction('a-1', 'Degustacja glo — Żabka', '2026-03-04 10:00:00', 'changes_requested'),
        buildFinishedAction('a-2', 'Degustacja velo — Lidl', '2026-03-03 10:00:00', 'resubmitted'),
        buildFinishedAction('a-3', 'Degustacja vuse — Biedronka', '2026-03-02 10:00:00', 'approved'),
        buildFinishedAction('a-4', 'Degustacja glo — Rossmann', '2026-03-01 10:00:00', 'submitted'),
      ]),
    );
    renderReports();

    const fix = await screen.findByRole('link', { name: 'Degustacja glo — Żabka Do poprawy 04-03-2026' });
    expect(within(fix).getByText('Do poprawy')).toHaveClass('report-badge--changes_requested');
    expect(screen.getByRole('link', { name: 'Degustacja velo — Lidl Wysłana ponownie 03-03-2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Degustacja vuse — Biedronka 02-03-2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Degustacja glo — Rossmann 01-03-2026' })).toBeInTheDocument();
    // Saved with the list: offline, the mark is still there.
    expect(useAppStore.getState().reports.list.map((item) => item.review)).toEqual([
      'changes_requested',
      'resubmitted',
      'approved',
      'submitted',
    ]);
  });

  it("shows 'Ilość sprzedanych urządzeń:' with the groups that sold, brands expanding to models ('nano' as 'Hyper Air')", async () => {
    const { requests } = useFakeFetch(
      answers({
        currentAction: [{ brand: 'Glo', model: 'nano', count: 0 }],
        lastAction: [
          { brand: 'Glo', model: 'nano', count: 2 },
          { brand: 'Glo', model: 'Hyper Pro', count: 1 },
          { brand: 'Vuse', model: 'Vuse Go', count: 0 },
        ],
        currentMonth: [{ brand: 'Velo', model: 'Velo', count: 4 }],
        lastMonth: [],
      }),
    );
    const user = userEvent.setup();
    renderReports();

    expect(screen.getByRole('heading', { level: 1, name: 'Raporty' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ilość sprzedanych urządzeń:' })).toBeInTheDocument();
    const last = await screen.findByRole('region', { name: 'Ostatnia zakończona akcja' });
    expect(screen.getByRole('region', { name: 'Bieżący miesiąc' })).toBeInTheDocument();
    // Zero is hidden: the current action sold nothing, last month nothing, vuse nothing.
    expect(screen.queryByRole('region', { name: 'Aktualna akcja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ostatni miesiąc' })).not.toBeInTheDocument();
    expect(within(last).queryByRole('button', { name: /vuse/ })).not.toBeInTheDocument();

    const glo = within(last).getByRole('button', { name: 'glo 3' });
    expect(glo).toHaveAttribute('aria-expanded', 'false');
    expect(within(last).queryByText('Hyper Air')).not.toBeVisible();
    await user.click(glo);
    expect(glo).toHaveAttribute('aria-expanded', 'true');
    const models = within(last)
      .getAllByRole('listitem')
      .filter((item) => item.closest('.sold-models'));
    expect(models.map((item) => item.textContent)).toEqual(['Hyper Air 2', 'Hyper Pro 1']);
    await user.click(glo);
    expect(within(last).queryByText('Hyper Air')).not.toBeVisible();

    expect(sent(requests, '/api/sample/stats')).toEqual([
      { sample: { hostessCode: 'HST2002', currentAction: 'current-1', lastAction: 'last-1' } },
    ]);
  });

  it("lists finished actions as links with name and DD-MM-YYYY under 'Raporty z akcji:', from the history use of /action/list", async () => {
    const { requests } = useFakeFetch(answers());
    const user = userEvent.setup();
    const router = renderReports();

    const link = await screen.findByRole('link', { name: 'Degustacja glo — Żabka 04-03-2026' });
    expect(screen.getByRole('heading', { name: 'Raporty z akcji:' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pokaż więcej' })).not.toBeInTheDocument();
    const [body] = sent(requests, '/api/action/list') as { actions: Record<string, unknown>; pagination: unknown }[];
    expect(body!.actions).toMatchObject({ since: '2020-01-01 00:00:00', finished: true });
    expect(body!.actions.until).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    expect(body!.pagination).toEqual({ limit: 100, offset: 0 });

    await user.click(link);
    expect(router.state.location.pathname).toBe('/raport/a-1');
  });

  it("says 'Brak zakończonych akcji.' and no group at all when nothing was finished or sold", async () => {
    useFakeFetch(answers(emptyStats(), []));
    renderReports();
    expect(await screen.findByText('Brak zakończonych akcji.')).toBeInTheDocument();
    expect(await screen.findByText('Brak sprzedanych urządzeń.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("'Pokaż więcej' after a full page loads the next one with offset 100", async () => {
    const full = Array.from({ length: 100 }, (_, i) => buildFinishedAction(`p0-${i}`, `Akcja ${i}`, '2026-02-01 10:00:00'));
    const fake = answers(emptyStats(), full);
    const { requests } = useFakeFetch(fake);
    const user = userEvent.setup();
    renderReports();

    const more = await screen.findByRole('button', { name: 'Pokaż więcej' });
    fake['/api/action/list'] = {
      body: successEnvelope({ actions: [buildFinishedAction('p1-0', 'Najstarsza akcja', '2025-01-02 10:00:00')] }),
    };
    await user.click(more);
    expect(await screen.findByRole('link', { name: 'Najstarsza akcja 02-01-2025' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(101);
    expect((sent(requests, '/api/action/list')[1] as { pagination: unknown }).pagination).toEqual({ limit: 100, offset: 100 });
    // A page shorter than 100 was the last one.
    expect(screen.queryByRole('button', { name: 'Pokaż więcej' })).not.toBeInTheDocument();
  });

  it('says a failed load in Polish with a retry; what was saved stays shown when a reload fails', async () => {
    const fake: Record<string, FakeAnswer> = {
      '/api/action/recent': 'network-error',
      '/api/sample/stats': 'network-error',
      '/api/action/list': { status: 500, body: failureEnvelope('E_INTERNAL') },
    };
    useFakeFetch(fake);
    const user = userEvent.setup();
    renderReports();
    expect(await screen.findByText('Nie udało się wczytać statystyk.')).toBeInTheDocument();
    expect(await screen.findByText('Nie udało się wczytać raportów.')).toBeInTheDocument();

    Object.assign(fake, answers({ ...emptyStats(), lastMonth: [{ brand: 'Vuse', model: 'Vuse Go', count: 5 }] }));
    await user.click(screen.getAllByRole('button', { name: 'Spróbuj ponownie' })[0]!);
    expect(await screen.findByRole('button', { name: 'vuse 5' })).toBeInTheDocument();
    expect(useAppStore.getState().reports.stats?.lastMonth).toEqual([{ brand: 'Vuse', model: 'Vuse Go', count: 5 }]);
  });

  it('shows the saved numbers and list at once, before (and without) an answer', async () => {
    act(() => {
      useAppStore.setState({
        reports: {
          stats: { ...emptyStats(), currentMonth: [{ brand: 'Glo', model: 'Hyper Pro', count: 7 }] },
          list: [{ uuid: 'saved-1', name: 'Zapisana akcja', since: '2026-01-15 09:00:00' }],
        },
      });
    });
    useFakeFetch({ '/api/action/recent': 'network-error', '/api/action/list': 'network-error' });
    renderReports();
    expect(screen.getByRole('button', { name: 'glo 7' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zapisana akcja 15-01-2026' })).toBeInTheDocument();
    expect(await screen.findAllByText('Nie udało się odświeżyć. Pokazuję ostatnio wczytane dane.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'glo 7' })).toBeInTheDocument();
  });
});
