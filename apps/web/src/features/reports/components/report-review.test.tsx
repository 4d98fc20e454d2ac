import 'fake-indexeddb/auto';
import type { ActionReport } from '@promotor/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxFailures } from '../../../app/outbox-failures.tsx';
import { flushOutbox, stopOutbox } from '../../../lib/outbox/outbox.ts';
import { logIn, ok, refused, useFakeServer, useFreshIndexedDb, type ServerAnswer } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { buildReport, buildReview } from '../test/report-builders.ts';
import { ReportDetailPage } from './report-detail-page.tsx';

// Issue 25, decision 093: her report's review on /raport/{id}, and sending it back for review.

/** The server of her report: /action/report answers `report()`, the resubmission `resubmit()`. */
function reportServer(report: () => ActionReport, resubmit: () => ServerAnswer = () => ok({ review: buildReview('resubmitted') })) {
  const server = useFakeServer((request) => {
    if (request.path === '/action/report') return ok({ report: report() });
    if (request.path === '/action/file/list') return ok({ files: [], poll: null });
    if (request.path === '/action/receipt/list') return ok({ receipts: [] });
    if (request.path === '/action/report/resubmit') return resubmit();
    return refused('E_NOT_FOUND', 404);
  });
  return Object.assign(server, { resubmits: () => server.requests.filter((request) => request.path === '/action/report/resubmit') });
}

function renderReport(reportId = 'action-7') {
  const router = createMemoryRouter(
    [
      { path: '/raport/:reportId', element: <ReportDetailPage actionUuid={reportId} /> },
      { path: '/photos', element: <h1>Ankieta</h1> },
      { path: '/akcja/koniec/:actionId', element: <h1>Zdjęcia końcowe</h1> },
    ],
    { initialEntries: [`/raport/${reportId}`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <OutboxFailures />
    </>,
  );
  return { user: userEvent.setup(), router };
}

const changesRequested = () => buildReport({ review: buildReview('changes_requested') });
const statusOf = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(async () => {
  await stopOutbox();
});

describe("her report's review (/raport/{id})", () => {
  it("while changes are requested: 'Do poprawy' at the top, the reason in Polish and the coordinator's note, and where to add what was asked", async () => {
    reportServer(changesRequested);
    const { user, router } = renderReport();

    const review = await screen.findByRole('region', { name: 'Do poprawy' });
    expect(within(review).getByText('Zdjęcia')).toBeInTheDocument();
    expect(review).toHaveTextContent('Powód: Zdjęcia');
    expect(review).toHaveTextContent('Uwagi koordynatora:');
    expect(within(review).getByText('Brakuje zdjęcia ekspozycji po ułożeniu. Dodaj je, proszę.')).toBeInTheDocument();
    // Above the summary: the first thing she reads.
    expect(review.compareDocumentPosition(screen.getByText('ID akcji')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(statusOf()).toBe('Zakończona');

    expect(within(review).getByRole('link', { name: 'Wyślij ponownie zdjęcia produktów i ankietę' })).toHaveAttribute(
      'href',
      '/photos?akcja=action-7',
    );
    await user.click(within(review).getByRole('link', { name: 'Wyślij ponownie zdjęcia z zakończenia akcji' }));
    expect(router.state.location).toMatchObject({ pathname: '/akcja/koniec/action-7', search: '?poprawka' });
  });

  it("'Wyślij ponownie do akceptacji' sends { action: { uuid } } once, with its Idempotency-Key and X-Outbox, then reads 'Wysłana ponownie'", async () => {
    const server = reportServer(changesRequested);
    const { user } = renderReport();

    await user.click(await screen.findByRole('button', { name: 'Wyślij ponownie do akceptacji' }));

    const done = await screen.findByRole('region', { name: 'Wysłana ponownie' });
    await waitFor(() => expect(done).toHaveTextContent('Raport wysłany ponownie do akceptacji. Koordynator sprawdzi go jeszcze raz.'));
    expect(screen.queryByRole('region', { name: 'Do poprawy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wyślij ponownie do akceptacji' })).not.toBeInTheDocument();
    const [resubmit, ...more] = server.resubmits();
    expect(more).toEqual([]);
    expect(resubmit!.body).toEqual({ action: { uuid: 'action-7' } });
    expect(resubmit!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The outbox's own call: nothing else waits besides it.
    expect(resubmit!.outbox).toBe('0');
  });

  it('offline the resubmission waits in the phone, says so, and goes once when the connection is back, with the same key', async () => {
    let online = false;
    const server = reportServer(changesRequested, () => (online ? ok({ review: buildReview('resubmitted') }) : 'network-error'));
    const { user } = renderReport();

    await user.click(await screen.findByRole('button', { name: 'Wyślij ponownie do akceptacji' }));

    const waiting = await screen.findByRole('region', { name: 'Wysłana ponownie' });
    expect(waiting).toHaveTextContent('Bez internetu raport poczeka w telefonie i wyśle się sam.');
    await waitFor(() => expect(server.resubmits().length).toBeGreaterThan(0));

    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(waiting).toHaveTextContent('Raport wysłany ponownie do akceptacji.'));
    const keys = new Set(server.resubmits().map((request) => request.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(server.resubmits().filter((request) => request.outbox !== null).length).toBeGreaterThan(0);
  });

  it('a refused resubmission (the report changed meanwhile) says why and shows the report as the server has it now', async () => {
    let report = changesRequested();
    reportServer(
      () => report,
      () => {
        // The coordinator approved it meanwhile.
        report = buildReport({ status: 'accepted', review: buildReview('approved') });
        return refused('E_REPORT_WRONG_STATE');
      },
    );
    const { user } = renderReport();

    await user.click(await screen.findByRole('button', { name: 'Wyślij ponownie do akceptacji' }));

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Nie udało się wysłać raportu ponownie do akceptacji. Raport ma już inny stan. Odśwież widok.');
    await waitFor(() => expect(statusOf()).toBe('Zaakceptowana'));
    expect(screen.queryByRole('region', { name: 'Do poprawy' })).not.toBeInTheDocument();
  });

  it('once resubmitted it says so and offers nothing more', async () => {
    reportServer(() => buildReport({ review: buildReview('resubmitted') }));
    renderReport();
    expect(await screen.findByRole('region', { name: 'Wysłana ponownie' })).toHaveTextContent('Raport wysłany ponownie do akceptacji.');
    expect(screen.queryByRole('button', { name: 'Wyślij ponownie do akceptacji' })).not.toBeInTheDocument();
    expect(statusOf()).toBe('Zakończona');
  });

  it.each([
    ['the action accepted', 'accepted'],
    ['her review approved, the action still waiting for another promoter', 'finished'],
  ] as const)("once approved the status reads 'Zaakceptowana' (%s)", async (_case, status) => {
    reportServer(() => buildReport({ status, review: buildReview('approved') }));
    renderReport();
    await waitFor(() => expect(statusOf()).toBe('Zaakceptowana'));
    expect(screen.queryByRole('region', { name: /Do poprawy|Wysłana ponownie/ })).not.toBeInTheDocument();
  });

  it('a report not reviewed yet shows no review', async () => {
    reportServer(() => buildReport({ review: buildReview('submitted') }));
    renderReport();
    expect(await screen.findByText('ID akcji')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Do poprawy|Wysłana ponownie/ })).not.toBeInTheDocument();
    expect(statusOf()).toBe('Zakończona');
  });
});
