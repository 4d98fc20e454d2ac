import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_DAYS_MAX } from '@promotor/contract';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { buildDashboard } from '../test/live-builders.ts';
import { DAYS_MAX } from './dashboard-view.ts';
import { WAIT_MS } from '../../test/wait.ts';

const d = pl.biuroDashboard;

function openDashboard(answers: Parameters<typeof fakeAdminApi>[0], path = '/biuro/pulpit', staff = buildStaff()) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
  window.history.replaceState(null, '', path);
  render(<BiuroApp />);
  return api;
}

/** The value of a tile (a term and its number) within `scope`. */
const tile = (scope: HTMLElement, name: string) => within(scope).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the dashboard', () => {
  // jsdom draws on no canvas: the charts say so, and their numbers are in the tiles and the table.
  beforeEach(() => {
    staffSession.end(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it("asks for this month by default and shows the period's numbers as tiles and as a table per day", async () => {
    const answer = buildDashboard(
      ['2026-12-01', '2026-12-02', '2026-12-03'],
      (_date, i) => ({ Glo: i + 1, Vuse: 2, Velo: i, codes: 10 * i }),
      {
        actions: { total: 12, planned: 2, started: 2, finished: 2, approved: 5, cancelled: 1 },
        exceptions: [
          { kind: 'not_started', count: 2 },
          { kind: 'started_far', count: 1 },
          { kind: 'finished_without_end_photos', count: 0 },
        ],
      },
    );
    const api = openDashboard({ '/admin/dashboard': { body: ok(answer) } });

    const tiles = await screen.findByLabelText(d.tiles.label);
    expect(tile(tiles, d.tiles.registrations)).toBe('15');
    expect(tile(tiles, d.tiles.codes)).toBe('30');
    const actions = screen.getByRole('region', { name: d.actionsTitle });
    expect(
      [d.tiles.total, d.tiles.planned, d.tiles.started, d.tiles.finished, d.tiles.approved, d.tiles.cancelled].map((name) =>
        tile(actions, name),
      ),
    ).toEqual(['12', '2', '2', '2', '5', '1']);

    const byBrand = screen.getByRole('figure', { name: d.registrationsChart });
    expect([tile(byBrand, 'glo'), tile(byBrand, 'Vuse'), tile(byBrand, 'Velo')]).toEqual(['6', '6', '3']);
    const exceptions = screen.getByRole('region', { name: d.exceptionsTitle });
    expect(tile(screen.getByRole('figure', { name: d.codesChart }), d.total)).toBe('30');
    expect(tile(exceptions, pl.biuroLive.exceptions.kinds.not_started)).toBe('2');
    expect(tile(exceptions, pl.biuroLive.exceptions.kinds.started_far)).toBe('1');

    const table = screen.getByRole('table', { name: d.showTable });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([d.columns.date, 'glo', 'Vuse', 'Velo', d.columns.codes]);
    expect(rows[2]).toHaveTextContent('2.12');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '2', '1', '10']);
    expect(
      within(rows.at(-1)!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', '6', '3', '30']);

    const today = appDay(new Date());
    const body = api.requestsTo('/admin/dashboard')[0]?.body as { from: string; to: string };
    expect(body.from).toBe(`${today.slice(0, 7)}-01`);
    expect(body.to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(screen.getAllByText(d.noChart)).toHaveLength(2);
  });

  it('a period and territory chosen are asked for and kept in the address', async () => {
    const api = openDashboard(
      { '/admin/dashboard': { body: ok(buildDashboard(['2026-11-01'])) } },
      '/biuro/pulpit?od=2026-11-01&do=2026-11-30',
    );
    const select = await screen.findByLabelText(d.territory);
    // The territories' options come with their own request: chosen once it has answered.
    await within(select).findByRole('option', { name: /WAW-POLUDNIE/ });
    await userEvent.selectOptions(select, 'WAW-POLUDNIE');
    await vi.waitFor(
      () =>
        expect(api.requestsTo('/admin/dashboard').at(-1)?.body).toEqual({
          from: '2026-11-01',
          to: '2026-11-30',
          territory: 'WAW-POLUDNIE',
        }),
      { timeout: WAIT_MS },
    );
    expect(window.location.search).toContain('terytorium=WAW-POLUDNIE');
    expect(screen.getByLabelText(d.from)).toHaveValue('2026-11-01');
  });

  it('a period longer than the server allows is not asked for; the page says why', async () => {
    const api = openDashboard({ '/admin/dashboard': { body: ok(buildDashboard([])) } }, '/biuro/pulpit?od=2026-01-01&do=2026-12-31');
    expect(await screen.findByRole('alert')).toHaveTextContent(d.periodTooLong(92));
    expect(api.requestsTo('/admin/dashboard')).toHaveLength(0);
    expect(DAYS_MAX).toBe(DASHBOARD_DAYS_MAX);
  });

  it("the server's refusal is said in Polish with a retry", async () => {
    openDashboard({ '/admin/dashboard': { status: 400, body: failure('E_PERIOD_TOO_LONG') } });
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.fieldErrors.E_PERIOD_TOO_LONG);
    expect(screen.getByRole('button', { name: pl.biuro.table.retry })).toBeInTheDocument();
  });

  it("the menu offers 'Pulpit' to the brand's viewer, and no live day", async () => {
    const client = buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] });
    openDashboard({ '/admin/dashboard': { body: ok(buildDashboard(['2026-12-01'])) } }, '/biuro/pulpit', client);
    const menu = await screen.findByRole('navigation', { name: pl.biuro.nav.label });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toContain(pl.biuro.nav.dashboard);
    expect(links).not.toContain(pl.biuro.nav.live);
    // No territories of hers, yet every one to choose from a list (issue 33), never a code to type.
    const territory = await screen.findByRole('combobox', { name: d.territory });
    expect(await within(territory).findByRole('option', { name: 'Warszawa Południe (WAW-POLUDNIE)' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: d.territory })).toBeNull();
  });
});
