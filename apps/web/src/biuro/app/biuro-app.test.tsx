import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { staffSession } from '../auth/staff-session.ts';
import { buildAuditEntry, buildPromoter, buildStaff, failure, ok, promotersPage } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { BiuroApp } from './biuro-app.tsx';

const openAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<BiuroApp />);
};

async function logIn(username: string, password = 'demo-haslo-1') {
  await userEvent.type(screen.getByLabelText(pl.biuro.login.username), username);
  await userEvent.type(screen.getByLabelText(pl.biuro.login.password), password);
  await userEvent.click(screen.getByRole('button', { name: pl.biuro.login.submit }));
}

describe('the back office', () => {
  beforeEach(() => staffSession.end(null));

  it('a promoter who logs in at /biuro is refused in Polish and no session is kept', async () => {
    fakeAdminApi({ '/admin/auth/login': { status: 403, body: failure('E_NOT_STAFF') } });
    openAt('/biuro');
    await logIn('anna@demo.pl');
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.biuro.login.promoterRefused);
    expect(localStorage.getItem('biuroSession')).toBeNull();
  });

  it('a wrong username or password at /biuro is one Polish message that names neither, and she stays on the login page', async () => {
    fakeAdminApi({ '/admin/auth/login': { status: 401, body: failure('E_WRONG_CREDENTIALS') } });
    openAt('/biuro/logowanie');
    await logIn('nikt@demo.pl', 'zle-haslo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy login lub hasło.');
    expect(window.location.pathname).toBe('/biuro/logowanie');
    expect(localStorage.getItem('biuroSession')).toBeNull();
  });

  it("a coordinator's login opens the promoters of her territories; her token is kept apart from a promoter's", async () => {
    localStorage.setItem('token', 'promoter-token');
    const staff = buildStaff();
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak' });
    const api = fakeAdminApi({
      '/admin/auth/login': {
        body: ok({ token: { uuid: 'session-1', token: 'staff-token', expiresAt: '2099-01-01T00:00:00.000Z' }, staff }),
      },
      '/admin/auth/session': { body: ok({ staff }) },
      '/admin/promoters/list': { body: ok(promotersPage([anna, buildPromoter({ firstname: 'Beata', lastname: 'Zając' })])) },
    });
    openAt('/biuro/logowanie');
    await logIn(staff.username);

    const table = await screen.findByRole('table', { name: pl.biuro.promoters.title });
    // The table is drawn with its header while the page of promoters is on its way: wait for her row.
    expect(await within(table).findByRole('row', { name: /Anna Nowak/ })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Anna Nowak');
    expect(window.location.pathname).toBe('/biuro/promotorzy');
    expect(localStorage.getItem('token')).toBe('promoter-token');
    expect(JSON.parse(localStorage.getItem('biuroSession')!)).toMatchObject({ token: 'staff-token' });
    expect(api.requests.find((request) => request.path === '/admin/promoters/list')?.authorization).toBe('Bearer staff-token');
    // Her menu holds what her role may open (the contract's role table): no audit log for a coordinator.
    const menu = screen.getByRole('navigation', { name: pl.biuro.nav.label });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      pl.biuro.nav.promoters,
      pl.biuro.nav.plan,
      pl.biuro.nav.openActions,
      pl.biuro.nav.points,
      pl.biuro.nav.events,
      pl.biuro.nav.territoriesPage,
      pl.biuro.nav.vouchers,
      pl.biuro.nav.reports,
      pl.biuro.nav.photos,
      pl.biuro.nav.exports,
      pl.biuro.nav.live,
      pl.biuro.nav.dashboard,
    ]);
  });

  it('the data-protection officer lands on the consumers page; her menu is consumers, requests and the audit log', async () => {
    const officer = buildStaff({ username: 'rodo@demo.pl', roles: ['privacy'], territories: [] });
    fakeAdminApi({
      '/admin/auth/login': {
        body: ok({ token: { uuid: 'session-2', token: 'rodo-token', expiresAt: '2099-01-01T00:00:00.000Z' }, staff: officer }),
      },
      '/admin/auth/session': { body: ok({ staff: officer }) },
      '/admin/audit/list': { body: ok({ page: 1, pageSize: 50, total: 1, entries: [buildAuditEntry()] }) },
    });
    openAt('/biuro');
    await logIn(officer.username);
    expect(await screen.findByRole('heading', { name: pl.biuroConsumers.title, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/biuro/konsumenci');
    const menu = screen.getByRole('navigation', { name: pl.biuro.nav.label });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([pl.biuro.nav.consumers, pl.biuro.nav.requests, pl.biuro.nav.audit]);
    await userEvent.click(within(menu).getByRole('link', { name: pl.biuro.nav.audit }));
    expect(await screen.findByRole('cell', { name: pl.biuro.audit.verbs['promoters.update'] })).toBeInTheDocument();
  });

  it('sorting by a column is written to the address, so the view can be shared', async () => {
    staffSession.start({ token: 'staff-token', staff: buildStaff() });
    fakeAdminApi({
      '/admin/auth/session': { body: ok({ staff: buildStaff() }) },
      '/admin/promoters/list': { body: ok(promotersPage([buildPromoter({ lastname: 'Adamska' }), buildPromoter({ lastname: 'Zając' })])) },
    });
    openAt('/biuro/promotorzy?terytorium=WAW-CENTRUM');
    const table = await screen.findByRole('table');
    await within(table).findByText(/Adamska/);
    await userEvent.click(within(table).getByRole('button', { name: new RegExp(pl.biuro.promoters.columns.name) }));
    const address = new URLSearchParams(window.location.search);
    expect([address.get('sort'), address.get('terytorium')]).toEqual(['-nazwisko', 'WAW-CENTRUM']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Zając');
    expect(within(table).getByRole('columnheader', { name: new RegExp(pl.biuro.promoters.columns.name) })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('a session the server no longer takes goes back to the login page, which says so', async () => {
    staffSession.start({ token: 'old-token', staff: buildStaff() });
    fakeAdminApi({
      '/admin/auth/session': { status: 401, body: failure('E_EXPIRED') },
      '/admin/promoters/list': { status: 401, body: failure('E_EXPIRED') },
    });
    openAt('/biuro/promotorzy');
    expect(await screen.findByText(pl.biuro.login.sessionExpired)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/biuro/logowanie');
    expect(localStorage.getItem('biuroSession')).toBeNull();
  });

  it('logging out ends the session here and tells the server', async () => {
    staffSession.start({ token: 'staff-token', staff: buildStaff() });
    const api = fakeAdminApi({
      '/admin/auth/session': { body: ok({ staff: buildStaff() }) },
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/auth/logout': { body: ok({}) },
    });
    openAt('/biuro/promotorzy');
    expect(await screen.findByText(pl.biuro.table.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: pl.biuro.nav.logout }));
    expect(await screen.findByText(pl.biuro.login.loggedOut)).toBeInTheDocument();
    expect(api.requests.at(-1)).toMatchObject({ path: '/admin/auth/logout', authorization: 'Bearer staff-token' });
  });

  it("the first Tab stop is 'Przejdź do treści', which takes her past the menu to the page", async () => {
    staffSession.start({ token: 'staff-token', staff: buildStaff() });
    fakeAdminApi({
      '/admin/auth/session': { body: ok({ staff: buildStaff() }) },
      '/admin/promoters/list': { body: ok(promotersPage([])) },
    });
    openAt('/biuro/promotorzy');
    expect(await screen.findByText(pl.biuro.table.empty)).toBeInTheDocument();
    const user = userEvent.setup();

    await user.tab();
    expect(screen.getByRole('link', { name: pl.skipToContent })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
    expect(window.location.pathname).toBe('/biuro/promotorzy');
  });
});
