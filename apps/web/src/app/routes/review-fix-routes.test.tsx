import 'fake-indexeddb/auto';
import type { ActionReport } from '@promotor/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '../../features/actions/test/render-action-page.tsx';
import { buildReport, buildReview } from '../../features/reports/test/report-builders.ts';
import { stopOutbox } from '../../lib/outbox/outbox.ts';
import { logIn, ok, refused, useFakeServer, useFreshIndexedDb } from '../../lib/outbox/test/outbox-test-kit.ts';
import { AppToasts } from '../app-overlays.tsx';
import '../outbox-kinds.ts';
import { ActionEndRoute } from './action-end.route.tsx';
import { PhotosRoute } from './photos.route.tsx';

// Issue 25, decision 093: the survey and the end photos of a finished action, open again while the
// coordinator asks for changes of her report (and only then). The cameras stand in as in the forms' tests.
vi.mock('../../features/dual-camera/index.ts', async () => {
  const { FakeCamera } = await import('../../features/actions/test/render-action-page.tsx');
  return { DualCameraModal: FakeCamera, SingleCameraModal: () => null };
});

function reportServer(report: ActionReport) {
  return useFakeServer((request) => {
    if (request.path === '/action/report') return ok({ report });
    if (request.path === '/action/file/create') return ok({ files: [] });
    return refused('E_NOT_FOUND', 404);
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/akcja/koniec/:actionId', element: <ActionEndRoute /> },
      { path: '/photos', element: <PhotosRoute /> },
      { path: '/raport/:reportId', element: <h1>Raport</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <AppToasts />
    </>,
  );
  return { router, user: userEvent.setup() };
}

beforeEach(async () => {
  useFreshIndexedDb();
  stubObjectUrls();
  await logIn('anna');
});

afterEach(async () => {
  await stopOutbox();
});

describe('adding what the coordinator asked for', () => {
  it('the end photos of the finished action go again, front then rear as bereal_end and nothing else, then back to her report', async () => {
    const server = reportServer(buildReport({ review: buildReview('changes_requested') }));
    const { router, user } = renderAt('/akcja/koniec/action-7?poprawka');

    expect(await screen.findByText('Degustacja glo — Żabka Marszałkowska')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Zdjęcia z zakończenia akcji' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do raportu' })).toHaveAttribute('href', '/raport/action-7');
    expect(screen.getByRole('button', { name: 'Wyślij zdjęcia' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Wyślij zdjęcia' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/raport/action-7'));
    expect(await screen.findByText('Zdjęcia zapisane. Zostaną wysłane do koordynatora.')).toBeInTheDocument();
    await waitFor(() => expect(server.paths()).toEqual(['/action/report', '/action/file/create']));
    const upload = server.requests[1]!.form!;
    expect(JSON.parse(String(upload.get('_input')))).toEqual({ action: { uuid: 'action-7' }, ident: 'bereal_end' });
    expect(await Promise.all(upload.getAll('files[]').map((file) => (file as Blob).text()))).toEqual(['front', 'rear']);
  });

  it.each(['submitted', 'resubmitted', 'approved'] as const)('a report %s asks for nothing: no end photos form', async (state) => {
    const server = reportServer(buildReport({ review: buildReview(state) }));
    renderAt('/akcja/koniec/action-7?poprawka');

    expect(await screen.findByText('Tego raportu nie trzeba teraz uzupełniać.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Zdjęcia z zakończenia akcji' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zrób zdjęcia' })).not.toBeInTheDocument();
    expect(server.paths()).toEqual(['/action/report']);
  });

  it('the survey of the finished action is offered again, though one is stored, with the action and its day', async () => {
    const server = reportServer(buildReport({ review: buildReview('changes_requested') }));
    renderAt('/photos?akcja=action-7');

    expect(await screen.findByText('Degustacja glo — Żabka Marszałkowska')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Zdjęcia produktów' })).toBeInTheDocument();
    expect(screen.getByText('2026-03-05 10:00')).toBeInTheDocument();
    expect(screen.getByText('Poprawka raportu: wyślij zdjęcia i ankietę jeszcze raz. Zastąpią wysłane wcześniej.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeInTheDocument();
    // Not asked whether one is stored: it is, and this one replaces it.
    expect(server.paths()).toEqual(['/action/report']);
  });

  it('the survey of a report that asks for nothing is not offered', async () => {
    reportServer(buildReport({ status: 'accepted', review: buildReview('approved') }));
    renderAt('/photos?akcja=action-7');
    expect(await screen.findByText('Tego raportu nie trzeba teraz uzupełniać.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
  });
});
