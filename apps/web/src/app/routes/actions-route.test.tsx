import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReview } from '../../features/reports/test/report-builders.ts';
import { resubmitItem } from '../../features/reports/submit/outbox-kinds.ts';
import { enqueue, stopOutbox } from '../../lib/outbox/outbox.ts';
import { logIn, ok, refused, useFakeServer, useFreshIndexedDb } from '../../lib/outbox/test/outbox-test-kit.ts';
import '../outbox-kinds.ts';
import { ActionsRoute } from './actions.route.tsx';

// Issue 33 item 18: a report the coordinator sent back shows on top of her action list, with the
// note, until she resubmits it (before, only under Menu → Raporty).

const toFix = (uuid: string, name: string) => ({
  uuid,
  name,
  since: '2026-11-27 10:00:00',
  review: { ...buildReview('changes_requested'), note: 'Brak zdjęcia ekspozycji przy kasie.', reason: 'photos' },
});

function server(reports: unknown[]) {
  return useFakeServer((request) => {
    if (request.path === '/action/report/to-fix') return ok({ reports });
    if (request.path === '/action/list') return ok({ actions: [] });
    if (request.path === '/action/report/resubmit') return 'network-error';
    return refused('E_NOT_FOUND', 404);
  });
}

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/akcje', element: <ActionsRoute /> },
      { path: '/raport/:reportId', element: <h1>Raport</h1> },
    ],
    { initialEntries: ['/akcje'] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(async () => {
  await stopOutbox();
});

describe('her action list', () => {
  it("a report sent back is on top as 'Raport do poprawy' with the reason, the coordinator's note and the way to it", async () => {
    server([toFix('action-7', 'Promocja glo — Złote Tarasy')]);
    renderList();

    const card = await screen.findByRole('region', { name: 'Raport do poprawy' });
    expect(card).toHaveTextContent('Promocja glo — Złote Tarasy27-11-2026');
    expect(card).toHaveTextContent('Powód: Zdjęcia');
    expect(card).toHaveTextContent('Uwagi koordynatora:Brak zdjęcia ekspozycji przy kasie.');
    expect(within(card).getByRole('link', { name: 'Popraw raport' })).toHaveAttribute('href', '/raport/action-7');
    // Under the list's title, before her actions.
    const heading = screen.getByRole('heading', { level: 1, name: 'Aktualnie trwające akcje:' });
    expect(heading.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('without a report sent back there is nothing on top', async () => {
    const api = server([]);
    renderList();
    await screen.findByRole('heading', { level: 1, name: 'Aktualnie trwające akcje:' });
    await expect.poll(() => api.requests.some((request) => request.path === '/action/report/to-fix')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Raport do poprawy' })).not.toBeInTheDocument();
  });

  it('a report whose resubmission waits in her phone is no longer shown; the others are', async () => {
    server([toFix('action-7', 'Promocja glo — Złote Tarasy'), toFix('action-8', 'Degustacja velo — Kiosk Nowy Świat')]);
    await enqueue([resubmitItem({ uuid: 'action-7', name: 'Promocja glo — Złote Tarasy' })]);
    renderList();

    const card = await screen.findByRole('region', { name: 'Raport do poprawy' });
    expect(card).toHaveTextContent('Degustacja velo — Kiosk Nowy Świat');
    expect(screen.getAllByRole('region', { name: 'Raport do poprawy' })).toHaveLength(1);
  });
});
