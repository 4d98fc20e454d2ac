import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { buildDashboard } from '../test/live-builders.ts';

// Issue 38 (decision 138): Pulpit's flagged actions per week and territory, for who reviews.

const t = pl.biuroIntegrity;

function openDashboard(answer: ReturnType<typeof buildDashboard>, staff = buildStaff()) {
  staffSession.start({ token: 'staff-token', staff });
  fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, '/admin/dashboard': { body: ok(answer) } });
  window.history.replaceState(null, '', '/biuro/pulpit');
  render(<BiuroApp />);
}

describe("Pulpit's flagged actions", () => {
  beforeEach(() => {
    staffSession.end(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('a row per week (Monday to Sunday) and territory with its count', async () => {
    openDashboard(
      buildDashboard(['2026-12-01'], () => ({}), {
        flaggedActions: [
          { week: '2026-11-30', territory: { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' }, actions: 3 },
          { week: '2026-12-07', territory: null, actions: 1 },
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: t.dashboardTitle });
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['30.11 – 6.12', 'Warszawa Centrum (WAW-CENTRUM)', '3'],
      ['7.12 – 13.12', '—', '1'],
    ]);
  });

  it('says when the period had none', async () => {
    openDashboard(buildDashboard(['2026-12-01']));
    expect(await screen.findByRole('region', { name: t.dashboardTitle })).toHaveTextContent(t.dashboardNone);
  });

  it('the brand’s client sees no such section', async () => {
    openDashboard(buildDashboard(['2026-12-01']), buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] }));
    await screen.findByRole('region', { name: pl.biuroDashboard.actionsTitle });
    expect(screen.queryByRole('region', { name: t.dashboardTitle })).toBeNull();
  });
});
