import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorPopup } from '../../../app/app-overlays.tsx';
import { successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { buildReport } from '../test/report-builders.ts';
import { ReportDetailPage } from './report-detail-page.tsx';

const jpeg = (name: string) => ({ file: new Blob([name], { type: 'image/jpeg' }) });

function answers(overrides: Record<string, FakeAnswer> = {}): Record<string, FakeAnswer> {
  return {
    '/api/action/report': { body: successEnvelope({ report: buildReport() }) },
    '/api/action/file/list': {
      body: successEnvelope({
        files: [
          { uuid: 'f-end', ident: 'end' },
          { uuid: 'f-bereal', ident: 'bereal_start' },
          { uuid: 'f-start', ident: 'start' },
        ],
        poll: { chechboxes: ['tak', 'nie', 'tak'], text: null },
      }),
    },
    '/api/action/file/serve': jpeg('photo'),
    '/api/action/receipt/list': { body: successEnvelope({ receipts: [] }) },
    '/api/action/receipt/serve': jpeg('receipt'),
    ...overrides,
  };
}

function renderReport(reportId = 'action-7') {
  const router = createMemoryRouter(
    [
      { path: '/raport/:reportId', element: <ReportDetailPage actionUuid={reportId} /> },
      { path: '/raporty', element: <h1>Raporty</h1> },
    ],
    { initialEntries: [`/raport/${reportId}`] },
  );
  const { unmount } = render(
    <>
      <RouterProvider router={router} />
      <AppErrorPopup />
    </>,
  );
  return Object.assign(router, { unmount });
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('report detail (/raport/{id})', () => {
  let created: string[];
  let revoked: string[];
  beforeEach(() => {
    created = [];
    revoked = [];
    localStorage.setItem('token', 'token-of-anna');
    // jsdom has no object URLs: each photo gets its own, and each must be revoked when the page goes.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => {
          created.push(`blob:photo-${created.length + 1}`);
          return created.at(-1)!;
        },
        revokeObjectURL: (url: string) => revoked.push(url),
      }),
    );
  });

  it('shows ident, date, territory, hostess, the times with - for no change of point, duration, status and locations', async () => {
    const { requests } = useFakeFetch(answers());
    const user = userEvent.setup();
    const router = renderReport();

    expect(await screen.findByRole('heading', { level: 1, name: 'Degustacja glo — Żabka Marszałkowska' })).toBeInTheDocument();
    expect(term('ID akcji')).toBe('GLO-2026-007');
    expect(term('Data')).toBe('05-03-2026');
    expect(term('Terytorium')).toBe('Warszawa');
    expect(term('Hostessa')).toBe('Anna Nowak,ID: HST1001');
    expect(term('Rozpoczęcie')).toBe('10:02:03');
    expect(term('Zakończenie')).toBe('13:05:09');
    expect(term('Zmiana lokalizacji')).toBe('-');
    expect(term('Czas trwania')).toBe('03:03:06');
    expect(term('Status')).toBe('Zakończona');
    const locations = screen.getByRole('region', { name: 'Lokalizacje' });
    expect(within(locations).getByRole('listitem')).toHaveTextContent('Żabka MarszałkowskaMarszałkowska 10, 00-001 Warszawa');
    expect(requests.find((r) => r.url === '/api/action/report')?.body).toEqual({ action: { uuid: 'action-7' } });

    await user.click(screen.getByRole('link', { name: /Wróć do raportów/ }));
    expect(router.state.location.pathname).toBe('/raporty');
  });

  it("says 'Zaakceptowana' for an accepted action", async () => {
    useFakeFetch(answers({ '/api/action/report': { body: successEnvelope({ report: buildReport({ status: 'accepted' }) }) } }));
    renderReport();
    await screen.findByRole('heading', { level: 1, name: 'Degustacja glo — Żabka Marszałkowska' });
    expect(term('Status')).toBe('Zaakceptowana');
  });

  it("shows the product photos captioned start then end, and the survey's three answers with 'Brak' for no comment", async () => {
    const { requests } = useFakeFetch(answers());
    renderReport();

    const photos = await screen.findByRole('region', { name: 'Zdjęcia produktów' });
    const images = await within(photos).findAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Zdjęcie przed ułożeniem ekspozycji',
      'Zdjęcie po ułożeniu ekspozycji',
    ]);
    const served = requests.filter((r) => r.url === '/api/action/file/serve').map((r) => r.body);
    expect(served).toEqual(expect.arrayContaining([{ file: { uuid: 'f-start' } }, { file: { uuid: 'f-end' } }]));
    expect(served).toHaveLength(2);
    // Fetched with her token, shown from object URLs: never the API's address in an <img>.
    expect(requests.find((r) => r.url === '/api/action/file/serve')?.headers.Authorization).toBe('Bearer token-of-anna');
    expect(images.every((image) => image.getAttribute('src')?.startsWith('blob:'))).toBe(true);

    const survey = screen.getByRole('region', { name: 'Odpowiedzi z ankiety' });
    const rows = within(survey)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      '1. Czy nasze produkty są wyeksponowane na meblu? Tak',
      '2. Czy planogram został przygotowany? Nie',
      '3. Czy przeprowadzono szkolenie dla detalisty? Tak',
      'Komentarz Brak',
    ]);
  });

  it('revokes the object URLs of its photos when she leaves the page', async () => {
    useFakeFetch(answers());
    const { unmount } = renderReport();
    await screen.findAllByRole('img');
    await waitFor(() => expect(created).toHaveLength(2));
    unmount();
    expect(revoked.sort()).toEqual([...created].sort());
  });

  it("'Pokaż paragony' loads the receipts, each labelled with its device; a tap opens it in the photo modal", async () => {
    const fake = answers({
      '/api/action/receipt/list': {
        body: successEnvelope({
          receipts: [
            { uuid: 'r-1', device: { serial: 'GLO123456', beacon: null } },
            { uuid: 'r-2', device: { serial: null, beacon: 'BC-77' } },
          ],
        }),
      },
    });
    const { requests } = useFakeFetch(fake);
    const user = userEvent.setup();
    renderReport();

    await user.click(await screen.findByRole('button', { name: 'Pokaż paragony' }));
    const receipts = screen.getByRole('region', { name: 'Paragony' });
    await within(receipts).findAllByRole('img');
    expect(
      within(receipts)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Urządzenie: GLO123456', 'Urządzenie: BC-77']);
    expect(requests.find((r) => r.url === '/api/action/receipt/list')?.body).toEqual({
      action: { uuid: 'action-7' },
      pagination: { limit: 100, offset: 0 },
    });

    await user.click(within(receipts).getByRole('button', { name: 'Powiększ: Urządzenie: GLO123456' }));
    const modal = screen.getByRole('dialog', { name: 'Urządzenie: GLO123456' });
    expect(within(modal).getByRole('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(within(modal).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Brak paragonów dla tego raportu.' when there are none", async () => {
    useFakeFetch(answers());
    const user = userEvent.setup();
    renderReport();
    await user.click(await screen.findByRole('button', { name: 'Pokaż paragony' }));
    expect(await screen.findByText('Brak paragonów dla tego raportu.')).toBeInTheDocument();
  });

  it("a report that is not hers (or does not exist) says so, without a 'Spróbuj ponownie' that would only find nothing again", async () => {
    const notFound = { status: { success: false }, data: { error: 'E_ACTION_NOT_FOUND' }, meta: { ts: '2026-11-23T13:05:09.123Z' } };
    useFakeFetch(answers({ '/api/action/report': { status: 404, body: notFound } }));
    renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać raportu.');
    expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).not.toBeInTheDocument();
  });

  it("a report that could not be loaded (a server failure) offers 'Spróbuj ponownie', which loads it", async () => {
    const failed = { status: { success: false }, data: { error: 'E_INTERNAL' }, meta: { ts: '2026-11-23T13:05:09.123Z' } };
    const fake = answers({ '/api/action/report': { status: 500, body: failed } });
    useFakeFetch(fake);
    renderReport();
    const user = userEvent.setup();
    fake['/api/action/report'] = { body: successEnvelope({ report: buildReport() }) };
    await user.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('button', { name: 'Pokaż paragony' })).toBeInTheDocument();
  });

  it("a failing photo list opens 'Wystąpił błąd podczas pobierania zdjęć' with meta.ts as the code", async () => {
    const ts = '2026-11-23T13:05:09.123Z';
    useFakeFetch(
      answers({
        '/api/action/file/list': { status: 500, body: { status: { success: false }, data: { error: 'E_INTERNAL' }, meta: { ts } } },
      }),
    );
    renderReport();
    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Wystąpił błąd podczas pobierania zdjęć');
    expect(popup).toHaveTextContent('Kod błędu:');
    expect(within(popup).getByText(ts)).toBeInTheDocument();
  });
});
