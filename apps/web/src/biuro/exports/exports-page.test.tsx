import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

const t = pl.biuroExports;
const coordinator = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
const csv = (text: string) => new Blob([`\uFEFF${text}`], { type: 'text/csv; charset=utf-8' });

function openExports(answers: Parameters<typeof fakeAdminApi>[0], search = '?od=2026-12-01&do=2026-12-31', staff = coordinator) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
  window.history.replaceState(null, '', `/biuro/eksporty${search}`);
  render(<BiuroApp />);
  return api;
}

describe('the exports page', () => {
  let saved: { name: string; href: string }[];
  beforeEach(() => {
    staffSession.end(null);
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export-1', revokeObjectURL: () => {} }));
    // jsdom does not download: the link the page clicks is recorded instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });

  it('downloads a CSV with the staff token and the filter in the query, under the name the server gives it', async () => {
    const api = openExports({
      '/admin/exports/registrations.csv': {
        file: csv('akcja;marka;model;liczba\n'),
        headers: {
          'Content-Disposition': `attachment; filename="rejestracje.csv"; filename*=UTF-8''rejestracje-2026-12-01_2026-12-31.csv`,
        },
      },
    });
    expect(await screen.findByText(t.privacy)).toBeInTheDocument();
    // The territories' options come with their own request: chosen once it has answered.
    const territory = screen.getByLabelText(t.territory);
    await waitFor(() => expect(territory.querySelector('option[value="WAW-POLUDNIE"]')).not.toBeNull());
    await userEvent.selectOptions(territory, 'WAW-POLUDNIE');
    await userEvent.selectOptions(screen.getByLabelText(t.status), pl.biuro.plan.statuses.finished!);
    await userEvent.type(screen.getByLabelText(t.event), 'GLO-2026');
    await userEvent.click(screen.getByRole('button', { name: t.names.registrations }));

    expect(await screen.findByRole('status')).toHaveTextContent(t.downloaded('rejestracje-2026-12-01_2026-12-31.csv'));
    const request = api.requests.find((one) => one.path === '/admin/exports/registrations.csv')!;
    expect(request.method).toBe('GET');
    expect(request.authorization).toBe('Bearer staff-token');
    expect(Object.fromEntries(request.query)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      territory: 'WAW-POLUDNIE',
      event: 'GLO-2026',
      status: 'finished',
    });
    expect(saved).toEqual([{ name: 'rejestracje-2026-12-01_2026-12-31.csv', href: 'blob:export-1' }]);
  });

  it("'Godziny pracy' downloads the hours of the page's period under the server's name", async () => {
    const api = openExports(
      {
        '/admin/exports/hours.csv': {
          file: csv('Kod hostessy;Promotorka;Dzień\n'),
          headers: { 'Content-Disposition': 'attachment; filename="godziny-pracy-2026-11-01-2026-11-30.csv"' },
        },
      },
      '?od=2026-11-01&do=2026-11-30',
    );
    const files = await screen.findByRole('region', { name: t.files });
    expect(within(files).getByText(t.descriptions.hours!)).toBeInTheDocument();
    await userEvent.click(within(files).getByRole('button', { name: t.names.hours }));

    expect(await screen.findByRole('status')).toHaveTextContent(t.downloaded('godziny-pracy-2026-11-01-2026-11-30.csv'));
    const request = api.requests.find((one) => one.path === '/admin/exports/hours.csv')!;
    expect([request.method, request.authorization]).toEqual(['GET', 'Bearer staff-token']);
    expect(Object.fromEntries(request.query)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(saved).toEqual([{ name: 'godziny-pracy-2026-11-01-2026-11-30.csv', href: 'blob:export-1' }]);
  });

  it("the brand's viewer gets the other files but not the promoters' hours", async () => {
    openExports({}, '', buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] }));
    const files = await screen.findByRole('region', { name: t.files });
    expect(
      within(files)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([t.names.actions, t.names.registrations, t.names.redemptions]);
  });

  it('a refused export says why in Polish and saves nothing', async () => {
    openExports({ '/admin/exports/actions.csv': { status: 422, body: failure('E_PERIOD_TOO_LONG') } });
    await userEvent.click(await screen.findByRole('button', { name: t.names.actions }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.failed('Wybrany okres jest za długi.'));
    expect(saved).toEqual([]);
  });

  it('a backwards period is said in Polish and no file can be asked for', async () => {
    const api = openExports({}, '?od=2026-12-10&do=2026-12-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(t.toBeforeFrom);
    const files = screen.getByRole('region', { name: t.files });
    for (const button of within(files).getAllByRole('button')) expect(button).toBeDisabled();
    expect(api.requests.filter((request) => request.path.startsWith('/admin/exports'))).toEqual([]);
  });
});
