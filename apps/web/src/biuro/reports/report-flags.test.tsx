import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { Report, ReportFlag } from '../api/admin-types.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildReport, buildReportSummary, buildStaff, ok, reportsPage } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

// Issue 38 (decision 138) in Raporty: the 'Do wyjaśnienia' filter and column, the panel's section with
// each flag in words and its evidence, and 'Wyjaśnione' with a note.

const t = pl.biuroIntegrity;
const r = pl.biuroReports;
const coordinator = buildStaff();
const point = { latitude: 52.2297, longitude: 21.0122, name: 'Żabka Marszałkowska' };
const photo = (uuid: string, action: string, takenAt: string) => ({
  uuid,
  kind: 'bereal_start',
  takenAt,
  action: { uuid: `a-${uuid}`, name: action },
  promoter: 'HST1001',
});

const farFlag: ReportFlag = {
  id: 'flag-far',
  kind: 'check_in_far',
  raisedAt: '2026-12-01 10:03:00',
  evidence: {
    distanceMeters: 820,
    accuracyMeters: 35,
    point,
    fixes: [{ latitude: 52.2371, longitude: 21.0122, accuracy: 35, at: '2026-12-01 10:02:00' }],
  },
  explained: null,
};
const reusedFlag: ReportFlag = {
  id: 'flag-reused',
  kind: 'photo_reused',
  raisedAt: '2026-12-01 10:04:00',
  evidence: {
    photo: photo('photo-now', 'Akcja 1', '2026-12-01 10:02:00'),
    matches: photo('photo-then', 'Akcja Mokotów', '2026-11-03 12:00:00'),
  },
  explained: null,
};
const teleportFlag: ReportFlag = {
  id: 'flag-teleport',
  kind: 'teleport',
  raisedAt: '2026-12-01 10:06:00',
  evidence: {
    speedKmh: 240,
    fixes: [
      { latitude: 52.2297, longitude: 21.0122, accuracy: 20, at: '2026-12-01 10:02:00' },
      { latitude: 52.4, longitude: 21.0122, accuracy: 20, at: '2026-12-01 10:05:00' },
    ],
  },
  explained: { at: '2026-12-01 12:00:00', by: 'Ewa Koordynator', note: 'Zła pozycja w metrze, potwierdzone telefonicznie' },
};

function openReports(answers: Parameters<typeof fakeAdminApi>[0], { staff = coordinator, search = '?od=2026-12-01&do=2026-12-31' } = {}) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/auth/session': { body: ok({ staff }) },
    '/admin/reports/file-thumbnail': { file: new Blob(['thumbnail'], { type: 'image/webp' }) },
    '/admin/reports/receipt-thumbnail': { file: new Blob(['thumbnail'], { type: 'image/webp' }) },
    ...answers,
  });
  window.history.replaceState(null, '', `/biuro/raporty${search}`);
  render(<BiuroApp />);
  return api;
}

async function openPanel(report: Report, answers: Parameters<typeof fakeAdminApi>[0] = {}, tileUrl: string | null = null) {
  const api = openReports({
    '/admin/reports/list': { body: ok(reportsPage([report])) },
    '/admin/reports/get': { body: ok({ report, map: { tileUrl, attribution: '© OpenStreetMap' } }) },
    ...answers,
  });
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${r.open(report.action.name)}`) }));
  const panel = await screen.findByRole('dialog');
  return { api, panel, section: await within(panel).findByRole('region', { name: t.section }) };
}

describe("'Do wyjaśnienia' in Raporty", () => {
  beforeEach(() => {
    staffSession.end(null);
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:thumb-${++n}`, revokeObjectURL: () => undefined }));
  });

  it('the filter asks for flagged reports and stays in the address; the state column shows the open count', async () => {
    const flagged = buildReportSummary({ openFlags: 2 });
    const clean = buildReportSummary();
    const api = openReports({ '/admin/reports/list': { body: ok(reportsPage([flagged, clean])) } });
    const table = await screen.findByRole('table', { name: r.title });
    const flaggedRow = (await within(table).findByText(flagged.action.name)).closest('tr')!;
    const cleanRow = within(table).getByText(clean.action.name).closest('tr')!;
    // Beside the state (a tenth column would not fit a desk's width).
    expect(flaggedRow).toHaveTextContent(`${r.states.submitted}${t.columnCount(2)}`);
    expect(within(flaggedRow).getByText(t.columnCount(2))).toHaveClass('report-flag--integrity');
    expect(cleanRow).not.toHaveTextContent(t.columnCount(0));
    expect(cleanRow.querySelector('.report-flag--integrity')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText(t.filter), t.filterOption);
    await waitFor(() => expect(api.requestsTo('/admin/reports/list').at(-1)?.body).toMatchObject({ flagged: true }));
    expect(window.location.search).toContain('wyjasnienie=tak');
  });

  it('the panel says each flag in words with its evidence: a map of her fix and the point, the two photos side by side', async () => {
    const report = buildReport({ flags: [farFlag, reusedFlag, teleportFlag], openFlags: 2 });
    const { api, section } = await openPanel(report);
    expect(section).toHaveTextContent('Zameldowanie 820 m od punktu, dokładność 35 m');
    expect(section).toHaveTextContent('To samo zdjęcie co w akcji Akcja Mokotów z 3.11');
    expect(section).toHaveTextContent('Prędkość 240 km/h między 10:02 a 10:05');
    // The map: her fix and the point with the distance written on the line; no tiles without MAP_TILE_URL.
    const map = within(section).getByRole('img', { name: t.map(point.name) });
    expect(map).toHaveTextContent('820 m');
    expect(map.querySelectorAll('image')).toHaveLength(0);
    expect(section).toHaveTextContent(t.mapNoTiles);
    // Both photos of the reuse, by their thumbnails.
    await waitFor(() =>
      expect(api.requestsTo('/admin/reports/file-thumbnail').map((q) => q.body)).toEqual(
        expect.arrayContaining([{ file: { uuid: 'photo-now' } }, { file: { uuid: 'photo-then' } }]),
      ),
    );
    expect(await within(section).findByRole('img', { name: t.thisPhoto })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: t.earlierPhoto('Akcja Mokotów', '3.11', 'HST1001') })).toBeInTheDocument();
    // The explained one: who, when, the note; no form.
    expect(section).toHaveTextContent(t.explainedBy('Ewa Koordynator', '01.12.2026 12:00'));
    expect(section).toHaveTextContent('Zła pozycja w metrze, potwierdzone telefonicznie');
    expect(within(section).getAllByRole('button', { name: t.explain })).toHaveLength(2);
  });

  it('with MAP_TILE_URL the map lies on its tiles', async () => {
    const report = buildReport({ flags: [farFlag], openFlags: 1 });
    const { section } = await openPanel(report, {}, 'https://tile.example.test/{z}/{x}/{y}.png');
    const map = within(section).getByRole('img', { name: t.map(point.name) });
    const tiles = [...map.querySelectorAll('image')].map((image) => image.getAttribute('href'));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((href) => /^https:\/\/tile\.example\.test\/\d+\/\d+\/\d+\.png$/.test(href ?? ''))).toBe(true);
    expect(section).not.toHaveTextContent(t.mapNoTiles);
  });

  it("'Wyjaśnione' needs a note, sends it, and shows who explained it", async () => {
    const report = buildReport({ flags: [farFlag], openFlags: 1 });
    const explained: ReportFlag = {
      ...farFlag,
      explained: { at: '2026-12-01 12:30:00', by: 'Ewa Koordynator', note: 'Wejście od podwórza' },
    };
    const { api, section } = await openPanel(report, { '/admin/reports/explain-flag': { body: ok({ flag: explained }) } });
    await userEvent.click(within(section).getByRole('button', { name: t.explain }));
    expect(within(section).getByText(t.noteRequired)).toBeInTheDocument();
    expect(api.requestsTo('/admin/reports/explain-flag')).toHaveLength(0);

    await userEvent.type(within(section).getByLabelText(t.note), '  Wejście od podwórza ');
    await userEvent.click(within(section).getByRole('button', { name: t.explain }));
    await waitFor(() => expect(section).toHaveTextContent(t.explainedBy('Ewa Koordynator', '01.12.2026 12:30')));
    expect(api.requestsTo('/admin/reports/explain-flag')[0]?.body).toEqual({ flag: { id: 'flag-far' }, note: 'Wejście od podwórza' });
    expect(within(section).queryByRole('button', { name: t.explain })).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(t.explained);
    // The list is asked again: its count changed.
    expect(api.requestsTo('/admin/reports/list').length).toBeGreaterThan(1);
  });

  it('the client sees neither the filter, the count nor the section', async () => {
    const client = buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] });
    const report = buildReport({ state: 'approved', openFlags: 1 });
    openReports(
      { '/admin/reports/list': { body: ok(reportsPage([report])) }, '/admin/reports/get': { body: ok({ report }) } },
      { staff: client },
    );
    const table = await screen.findByRole('table', { name: r.title });
    await within(table).findByText(report.action.name);
    expect(screen.queryByLabelText(t.filter)).toBeNull();
    expect(table.querySelector('.report-flag--integrity')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${r.open(report.action.name)}`) }));
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('region', { name: r.photos });
    expect(within(panel).queryByRole('region', { name: t.section })).toBeNull();
  });
});
