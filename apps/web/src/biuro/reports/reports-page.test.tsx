import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildReport, buildReportSummary, buildStaff, failure, ok, reportsPage } from '../test/builders.ts';
import { fakeAdminApi, type FakeAnswer } from '../test/fake-admin-api.ts';
import { reportLabel } from './reports-view.ts';

const t = pl.biuroReports;
const coordinator = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
const jpeg = (name: string): FakeAnswer => ({ file: new Blob([name], { type: 'image/jpeg' }) });
const webp = (name: string): FakeAnswer => ({ file: new Blob([name], { type: 'image/webp' }) });
/** What fetch does when the 303's bucket does not answer (decision 130): no response at all. */
const bucketDown = (): FakeAnswer => {
  throw new TypeError('Failed to fetch');
};

function openReports(answers: Parameters<typeof fakeAdminApi>[0], { staff = coordinator, search = '?od=2026-12-01&do=2026-12-31' } = {}) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/auth/session': { body: ok({ staff }) },
    '/admin/reports/file': jpeg('photo'),
    '/admin/reports/receipt': jpeg('receipt'),
    '/admin/reports/file-thumbnail': webp('photo thumbnail'),
    '/admin/reports/receipt-thumbnail': webp('receipt thumbnail'),
    ...answers,
  });
  window.history.replaceState(null, '', `/biuro/raporty${search}`);
  render(<BiuroApp />);
  return api;
}

describe('the reports page', () => {
  let created: string[];
  let revoked: string[];
  beforeEach(() => {
    staffSession.end(null);
    created = [];
    revoked = [];
    // jsdom has no object URLs: each photo gets its own, and each must be revoked when it goes.
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

  it('lists the period’s reports with their states in Polish, and a filter asks the server again', async () => {
    const anna = buildReportSummary({ state: 'changes_requested', registrations: 7, codesHandedOut: 4, flaggedPhotos: 1 });
    const api = openReports({ '/admin/reports/list': { body: ok(reportsPage([anna])) } });

    const table = await screen.findByRole('table', { name: t.title });
    // The table is drawn while its rows load.
    const row = (await within(table).findByText(anna.action.name)).closest('tr')!;
    expect(row).toHaveTextContent(anna.action.name);
    expect(row).toHaveTextContent(`Anna ${anna.promoter.lastname}`);
    expect(row).toHaveTextContent('WAW-CENTRUM');
    expect(row).toHaveTextContent('Do poprawy');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(-3),
    ).toEqual(['7', '4', '1']);
    expect(api.requestsTo('/admin/reports/list')[0]).toMatchObject({
      authorization: 'Bearer staff-token',
      body: { from: '2026-12-01', to: '2026-12-31', page: 1, pageSize: 50 },
    });

    await userEvent.selectOptions(screen.getByLabelText(t.state), t.states.resubmitted!);
    await userEvent.selectOptions(screen.getByLabelText(t.territory), 'WAW-POLUDNIE');
    await waitFor(() =>
      expect(api.requestsTo('/admin/reports/list').at(-1)?.body).toEqual({
        from: '2026-12-01',
        to: '2026-12-31',
        page: 1,
        pageSize: 50,
        state: 'resubmitted',
        territory: 'WAW-POLUDNIE',
      }),
    );
    expect(window.location.search).toContain('stan=resubmitted');
  });

  it('a period that ends before it starts is said in Polish, without asking the server', async () => {
    const api = openReports({ '/admin/reports/list': { body: ok(reportsPage([])) } }, { search: '?od=2026-12-10&do=2026-12-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.toBeforeFrom);
    expect(api.requestsTo('/admin/reports/list')).toHaveLength(0);
  });

  it('approves the ticked reports at once after asking in place; an approved one cannot be ticked', async () => {
    const first = buildReportSummary({ state: 'submitted' });
    const second = buildReportSummary({ state: 'resubmitted' });
    const done = buildReportSummary({ state: 'approved' });
    const api = openReports({
      '/admin/reports/list': { body: ok(reportsPage([first, second, done])) },
      '/admin/reports/approve-many': (body) => ({
        body: ok({ reports: (body as { reports: unknown[] }).reports.map(() => ({ ...first, state: 'approved' })) }),
      }),
    });
    const table = await screen.findByRole('table', { name: t.title });
    await within(table).findByText(done.action.name);
    expect(within(table).getAllByRole('checkbox')).toHaveLength(3); // the header's and two rows'
    expect(screen.getByRole('button', { name: `${t.approveSelected}…` })).toBeDisabled();

    await userEvent.click(within(table).getByRole('checkbox', { name: t.selectAll }));
    expect(screen.getByText(t.selected(2))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `${t.approveSelected}…` }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(t.approveSelectedConfirm(2));
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: pl.biuro.panel.cancel })).toHaveFocus();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.approveSelected }));

    expect(await screen.findByText(t.approvedMany(2))).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/admin/reports/approve-many')?.body).toEqual({
      reports: [
        { action: { uuid: first.action.uuid }, promoter: { ident: first.promoter.ident } },
        { action: { uuid: second.action.uuid }, promoter: { ident: second.promoter.ident } },
      ],
    });
    expect(api.requestsTo('/admin/reports/list')).toHaveLength(2);
    expect(screen.getByText(t.selected(0))).toBeInTheDocument();
  });

  it('a refused bulk approval says why in Polish and approves nothing', async () => {
    const first = buildReportSummary({ state: 'submitted' });
    openReports({
      '/admin/reports/list': { body: ok(reportsPage([first])) },
      '/admin/reports/approve-many': { status: 409, body: failure('E_REPORT_WRONG_STATE') },
    });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: t.selectRow(`${first.action.name}, 2026-12-01, Anna ${first.promoter.lastname}`) }),
    );
    await userEvent.click(screen.getByRole('button', { name: `${t.approveSelected}…` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.approveSelected }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Raport ma już inny stan. Odśwież widok.');
  });

  it('a report opens in a panel: timeline with distances, answers in Polish, registrations and codes', async () => {
    const report = buildReport();
    openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: t.open(`${report.action.name}, 2026-12-01, Anna ${report.promoter.lastname}`) }),
    );
    const panel = await screen.findByRole('dialog', { name: t.panelTitle(report.action.name, `Anna ${report.promoter.lastname}`) });
    const timeline = await within(panel).findByRole('table', { name: t.timeline });
    const checkIn = within(timeline).getByRole('row', { name: /Rozpoczęcie/ });
    expect(checkIn).toHaveTextContent('01.12.2026 10:02');
    expect(checkIn).toHaveTextContent('Galeria Mokotów');
    expect(checkIn).toHaveTextContent('52.17970, 21.00330');
    expect(checkIn).toHaveTextContent('42 m');
    expect(within(timeline).getByRole('row', { name: /Zakończenie/ })).toHaveTextContent('1,3 km');

    const checklist = within(panel).getByRole('region', { name: t.checklist });
    expect(checklist).toHaveTextContent('tak Posiadam identyfikator');
    expect(checklist).toHaveTextContent('nie Posiadam tablet');
    expect(checklist).toHaveTextContent('Brak ruchu w miejscu akcji');
    const survey = within(panel).getByRole('region', { name: t.survey });
    expect(survey).toHaveTextContent('1. Czy nasze produkty są wyeksponowane na meblu?Tak');
    expect(survey).toHaveTextContent('2. Czy planogram został przygotowany?Nie');
    expect(survey).toHaveTextContent('Regał przy kasie');
    const registrations = within(panel).getByRole('region', { name: t.registrations });
    expect(within(registrations).getAllByRole('row')[1]).toHaveTextContent('glohyper2');
    expect(registrations).toHaveTextContent(t.codes(2));
    expect(within(panel).getByRole('region', { name: t.receipts })).toHaveTextContent('Urządzenie: SN-123');
  });

  it("an end on plan without a reason reads 'Zgodnie z planem (bez powodu)' in the panel (decision 119)", async () => {
    const report = buildReport({
      polls: [{ ident: 'action_end', content: JSON.stringify([{ question_ident: 'q0', answer_ident: ['as_planned'] }]) }],
    });
    openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: t.open(`${report.action.name}, 2026-12-01, Anna ${report.promoter.lastname}`) }),
    );
    const panel = await screen.findByRole('dialog', { name: t.panelTitle(report.action.name, `Anna ${report.promoter.lastname}`) });
    const checklist = await within(panel).findByRole('region', { name: t.checklist });
    expect(checklist).toHaveTextContent(`${t.endReason}Zgodnie z planem (bez powodu)`);
  });

  it('the photos come as thumbnails with the staff token, as object URLs revoked when the panel closes; a photo can be flagged', async () => {
    const report = buildReport();
    const api = openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
      '/admin/reports/flag-photo': (body) => ({
        body: ok({ photo: { ...report.photos[0]!, flagged: (body as { flagged: boolean }).flagged } }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    const gallery = await within(panel).findByRole('region', { name: t.photos });
    expect(await within(gallery).findByRole('img', { name: 'Rozpoczęcie akcji (1)' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const photoCalls = api.requestsTo('/admin/reports/file-thumbnail');
    expect(photoCalls.map((request) => request.body)).toEqual([{ file: { uuid: 'photo-front' } }, { file: { uuid: 'photo-rear' } }]);
    expect(photoCalls.every((request) => request.authorization === 'Bearer staff-token')).toBe(true);
    expect(api.requestsTo('/admin/reports/receipt-thumbnail').map((request) => request.body)).toEqual([{ receipt: { uuid: 'receipt-1' } }]);
    // The full photos wait until one is pressed.
    expect(api.requestsTo('/admin/reports/file')).toEqual([]);

    const flag = within(gallery).getByRole('button', { name: t.flagLabel('Rozpoczęcie akcji (1)') });
    expect(flag).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(flag);
    await waitFor(() => expect(flag).toHaveAttribute('aria-pressed', 'true'));
    expect(within(gallery).getByText(t.flagged)).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/admin/reports/flag-photo')?.body).toEqual({
      file: { uuid: 'photo-front' },
      flagged: true,
    });

    await userEvent.keyboard('{Escape}');
    // The panel unmounts after its closing animation; its images' URLs go with it.
    expect(created).toHaveLength(3); // two photos and the receipt
    await waitFor(() => expect(new Set(revoked)).toEqual(new Set(created)));
  });

  /** The open report's gallery, its photos' thumbnails loaded. */
  async function openGallery(answers: Parameters<typeof fakeAdminApi>[0]) {
    const report = buildReport();
    const api = openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
      ...answers,
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    return { api, panel, gallery: await within(panel).findByRole('region', { name: t.photos }) };
  }

  it('pressing a thumbnail opens the full photo (the photo call, once asked for) and pressing again makes it small', async () => {
    const { api, gallery } = await openGallery({});
    const photo = within(gallery).getByRole('button', { name: t.openPhoto('Rozpoczęcie akcji (1)') });
    await within(photo).findByRole('img', { name: 'Rozpoczęcie akcji (1)' });
    await userEvent.click(photo);
    expect(photo).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(api.requestsTo('/admin/reports/file').map((request) => request.body)).toEqual([{ file: { uuid: 'photo-front' } }]),
    );
    // The full photo has an object URL of its own, beside its thumbnail's (two photos and a receipt before).
    await waitFor(() => expect(within(photo).getByRole('img', { name: 'Rozpoczęcie akcji (1)' })).toHaveAttribute('src', created[3]));
    expect(api.requestsTo('/admin/reports/file')[0]!.authorization).toBe('Bearer staff-token');
    await userEvent.click(photo);
    expect(photo).toHaveAttribute('aria-expanded', 'false');
    expect(within(photo).getByRole('img')).toHaveAttribute('src', created[0]);
  });

  it('a full photo that does not come (the file store down) says so in Polish and keeps its thumbnail below', async () => {
    const { gallery } = await openGallery({ '/admin/reports/file': bucketDown });
    const photo = within(gallery).getByRole('button', { name: t.openPhoto('Rozpoczęcie akcji (1)') });
    await within(photo).findByRole('img');
    await userEvent.click(photo);
    expect(await within(photo).findByRole('alert')).toHaveTextContent('Pełne zdjęcie jest chwilowo niedostępne. Miniatura poniżej.');
    expect(within(photo).getByRole('img', { name: 'Rozpoczęcie akcji (1)' })).toHaveAttribute('src', created[0]);
  });

  it('a thumbnail that cannot be had says so in Polish, and the photo still opens in full when pressed', async () => {
    const { gallery } = await openGallery({ '/admin/reports/file-thumbnail': { status: 404, body: failure('E_FILE_NOT_FOUND') } });
    const photo = within(gallery).getByRole('button', { name: t.openPhoto('Rozpoczęcie akcji (1)') });
    expect(await within(photo).findByText('Brak podglądu. Naciśnij, aby otworzyć pełne zdjęcie.')).toBeInTheDocument();
    expect(within(gallery).queryAllByRole('img')).toEqual([]);
    await userEvent.click(photo);
    expect(await within(photo).findByRole('img', { name: 'Rozpoczęcie akcji (1)' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('a receipt whose image retention removed is shown as such and never fetched; it still counts (decision 099)', async () => {
    const report = buildReport();
    const removed = { ...report, receipts: report.receipts.map((receipt) => ({ ...receipt, imageKept: false })) };
    const api = openReports({
      '/admin/reports/list': { body: ok(reportsPage([removed])) },
      '/admin/reports/get': { body: ok({ report: removed }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const receipts = await within(await screen.findByRole('dialog')).findByRole('region', { name: t.receipts });
    expect(receipts).toHaveTextContent(t.receiptImageRemoved);
    expect(receipts).toHaveTextContent('Urządzenie: SN-123');
    expect(api.requests.filter((request) => request.path === '/admin/reports/receipt')).toEqual([]);
  });

  it('asking for changes needs a note (said in Polish); then the reason and note go to the server', async () => {
    const report = buildReport({ state: 'submitted' });
    const api = openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
      '/admin/reports/review': (body) => ({
        body: ok({
          report: {
            ...report,
            state: 'changes_requested',
            reviews: [
              {
                decision: 'changes_requested',
                reason: 'survey',
                note: (body as { note: string }).note,
                at: '2026-12-02T08:00:00.000Z',
                reviewer: { name: 'Ewa Koordynator' },
              },
            ],
          },
        }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(await within(panel).findByRole('button', { name: `${t.requestChanges}…` }));
    expect(within(panel).getByLabelText(t.reason)).toHaveFocus();
    await userEvent.click(within(panel).getByRole('button', { name: t.sendRequest }));
    expect(within(panel).getByText(t.noteRequired)).toBeInTheDocument();
    expect(within(panel).getByLabelText(t.note)).toHaveFocus();
    expect(within(panel).getByLabelText(t.note)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.some((request) => request.path === '/admin/reports/review')).toBe(false);

    await userEvent.selectOptions(within(panel).getByLabelText(t.reason), t.reasons.survey!);
    await userEvent.type(within(panel).getByLabelText(t.note), 'Brakuje ankiety produktowej.');
    await userEvent.click(within(panel).getByRole('button', { name: t.sendRequest }));

    expect(await within(panel).findByText(t.waitingForChanges)).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/admin/reports/review')?.body).toEqual({
      action: { uuid: report.action.uuid },
      promoter: { ident: report.promoter.ident },
      decision: 'changes_requested',
      reason: 'survey',
      note: 'Brakuje ankiety produktowej.',
    });
    const history = within(panel).getByRole('region', { name: t.history });
    expect(history).toHaveTextContent('Poproszono o poprawki — Ankieta');
    expect(history).toHaveTextContent('Brakuje ankiety produktowej.');
    expect(screen.getByText(t.changesRequested)).toBeInTheDocument();
    expect(api.requestsTo('/admin/reports/list')).toHaveLength(2);
  });

  it("closing the panel gives focus back to the report's button, though the list answered again with its new state", async () => {
    const report = buildReport({ state: 'submitted' });
    let reviewed = false;
    const api = openReports({
      '/admin/reports/list': () => ({ body: ok(reportsPage([reviewed ? { ...report, state: 'approved' } : report])) }),
      '/admin/reports/get': { body: ok({ report }) },
      '/admin/reports/review': () => {
        reviewed = true;
        return { body: ok({ report: { ...report, state: 'approved' } }) };
      },
    });
    const open = await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) });
    await userEvent.click(open);
    const panel = await screen.findByRole('dialog');
    await userEvent.click(await within(panel).findByRole('button', { name: t.approve }));
    await waitFor(() => expect(api.requestsTo('/admin/reports/list')).toHaveLength(2));
    // The ticked column changed (an approved report cannot be ticked): the row's cells stay the same elements.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: t.selectRow(reportLabel(report)) })).not.toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open.isConnected).toBe(true);
    expect(open).toHaveFocus();
  });

  it("approving a report another coordinator has just reviewed shows the server's refusal in Polish", async () => {
    const report = buildReport({ state: 'resubmitted' });
    openReports({
      '/admin/reports/list': { body: ok(reportsPage([report])) },
      '/admin/reports/get': { body: ok({ report }) },
      '/admin/reports/review': { status: 409, body: failure('E_REPORT_WRONG_STATE') },
    });
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(await within(panel).findByRole('button', { name: t.approve }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Raport ma już inny stan. Odśwież widok.');
  });

  it("the panel lists her shift's exceptions against the plan, with their minutes; none says so (decision 116)", async () => {
    const report = buildReport({
      exceptions: [
        { kind: 'started_early', since: '2026-12-01T07:30:00.000Z', distanceMeters: null, minutes: 90 },
        { kind: 'past_planned_end', since: '2026-12-01T17:30:00.000Z', distanceMeters: null, minutes: 45 },
      ],
    });
    const calm = buildReport();
    const opened = (summary: typeof report) => t.open(`${summary.action.name}, 2026-12-01, Anna ${summary.promoter.lastname}`);
    openReports({
      '/admin/reports/list': { body: ok(reportsPage([report, calm])) },
      '/admin/reports/get': (body) => ({
        body: ok({ report: (body as { action: { uuid: string } }).action.uuid === calm.action.uuid ? calm : report }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: opened(report) }));
    const panel = await screen.findByRole('dialog', { name: t.panelTitle(report.action.name, `Anna ${report.promoter.lastname}`) });
    const section = await within(panel).findByRole('region', { name: t.exceptions });
    const items = within(section).getAllByRole('listitem');
    // Times on Warsaw's clock: 07:30Z is 08:30 there in December.
    expect(items[0]).toHaveTextContent('Start 1 godz. 30 min przed planem od 08:30');
    expect(items[1]).toHaveTextContent('45 min po planowanym końcu od 18:30');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.close }));
    await userEvent.click(await screen.findByRole('button', { name: opened(calm) }));
    const calmPanel = await screen.findByRole('dialog', { name: t.panelTitle(calm.action.name, `Anna ${calm.promoter.lastname}`) });
    expect(await within(calmPanel).findByRole('region', { name: t.exceptions })).toHaveTextContent(t.noExceptions);
  });

  it('a client reads approved reports only: no state filter, nothing to tick, no review or flag controls', async () => {
    const client = buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] });
    const report = buildReport({ state: 'approved' });
    openReports(
      { '/admin/reports/list': { body: ok(reportsPage([report])) }, '/admin/reports/get': { body: ok({ report }) } },
      { staff: client },
    );
    const table = await screen.findByRole('table', { name: t.title });
    await within(table).findByText(report.action.name);
    expect(screen.getByText(t.clientIntro)).toBeInTheDocument();
    expect(screen.queryByLabelText(t.state)).toBeNull();
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: `${t.approveSelected}…` })).toBeNull();

    await userEvent.click(within(table).getByRole('button', { name: new RegExp(`^${t.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('region', { name: t.photos });
    expect(within(panel).queryByRole('region', { name: t.review })).toBeNull();
    expect(within(panel).queryByRole('region', { name: t.exceptions })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Oznacz/ })).toBeNull();
  });
});
