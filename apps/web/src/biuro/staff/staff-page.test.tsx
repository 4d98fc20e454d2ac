import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { StaffMember } from '../api/admin-types.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

const admin = buildStaff({
  uuid: 'staff-admin',
  username: 'admin@demo.pl',
  firstname: 'Ada',
  lastname: 'Admin',
  roles: ['admin'],
  territories: [],
});

let n = 0;
const buildMember = (over: Partial<StaffMember> = {}): StaffMember => ({
  uuid: `member-${++n}`,
  username: `pracownik${n}@demo.pl`,
  firstname: 'Ewa',
  lastname: `Koordynator${n}`,
  roles: ['coordinator'],
  territories: ['WAW-CENTRUM'],
  active: true,
  passwordSet: true,
  linkExpiresAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...over,
});
const staffPage = (staff: StaffMember[]) => ({ page: 1, pageSize: 200, total: staff.length, staff });

function openStaff(answers: Parameters<typeof fakeAdminApi>[0], as = admin, path = '/biuro/personel') {
  staffSession.start({ token: 'staff-token', staff: as });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff: as }) }, ...answers });
  window.history.replaceState(null, '', path);
  render(<BiuroApp />);
  return api;
}

describe('the Personel page', () => {
  beforeEach(() => staffSession.end(null));

  it('lists the accounts with their roles and status; the menu has it for the admin', async () => {
    openStaff({
      '/admin/staff/list': {
        body: ok(
          staffPage([
            buildMember({ firstname: 'Celina', lastname: 'Nowa', passwordSet: false, linkExpiresAt: '2026-11-30T08:00:00.000Z' }),
            buildMember({ firstname: 'Olga', lastname: 'Stara', roles: ['client'], territories: [], active: false }),
          ]),
        ),
      },
    });
    const table = await screen.findByRole('table', { name: pl.biuroStaff.title });
    const celina = await within(table).findByRole('row', { name: /Celina Nowa/ });
    expect(celina).toHaveTextContent(pl.biuroStaff.roleNames.coordinator!);
    expect(celina).toHaveTextContent(pl.biuroStaff.statuses.waiting);
    expect(within(table).getByRole('row', { name: /Olga Stara/ })).toHaveTextContent(pl.biuroStaff.statuses.inactive);
    const menu = screen.getByRole('navigation', { name: pl.biuro.nav.label });
    expect(within(menu).getByRole('link', { name: pl.biuroStaffEntry.nav })).toHaveAttribute('href', '/biuro/personel');
  });

  it('a new account: roles and territories are checked, then sent; the page says where the link went', async () => {
    const created = buildMember({ username: 'nowa@demo.pl', passwordSet: false });
    const api = openStaff({
      '/admin/staff/list': { body: ok(staffPage([])) },
      '/admin/staff/create': { body: ok({ staff: created }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: pl.biuroStaff.add }));
    const panel = await screen.findByRole('dialog', { name: pl.biuroStaff.createTitle });
    await userEvent.type(within(panel).getByLabelText(pl.biuroStaff.firstName), 'Celina');
    await userEvent.type(within(panel).getByLabelText(pl.biuroStaff.lastName), 'Nowa');
    await userEvent.type(within(panel).getByLabelText(pl.biuroStaff.username), 'nowa@demo.pl');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(within(panel).getByText('Wybierz co najmniej jedną rolę.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('checkbox', { name: /Koordynator/ }));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(within(panel).getByText('Koordynator musi mieć co najmniej jedno terytorium.')).toBeInTheDocument();
    expect(api.requestsTo('/admin/staff/create')).toEqual([]);

    await userEvent.click(within(panel).getByRole('checkbox', { name: 'WAW-POLUDNIE' }));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await screen.findByText(pl.biuroStaff.created('nowa@demo.pl'))).toBeInTheDocument();
    expect(api.requestsTo('/admin/staff/create').map((r) => r.body)).toEqual([
      { staff: { firstname: 'Celina', lastname: 'Nowa', username: 'nowa@demo.pl', roles: ['coordinator'], territories: ['WAW-POLUDNIE'] } },
    ]);
    expect(api.requestsTo('/admin/staff/list')).toHaveLength(2);
  });

  it('an account waiting for its password: the panel says until when, and a fresh link is one click', async () => {
    const celina = buildMember({ firstname: 'Celina', lastname: 'Nowa', passwordSet: false, linkExpiresAt: '2026-11-30T08:00:00.000Z' });
    const api = openStaff({
      '/admin/staff/list': { body: ok(staffPage([celina])) },
      '/admin/staff/send-link': { body: ok({ staff: celina }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuroStaff.edit}: Celina Nowa` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuroStaff.editTitle('Celina Nowa') });
    expect(within(panel).getByText(/Czeka na ustawienie hasła\. Link jest ważny do 30\.11\.2026/)).toBeInTheDocument();
    expect(within(panel).getByText(pl.biuroStaff.usernameFixed(celina.username))).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuroStaff.sendLink }));
    expect(await screen.findByText(pl.biuroStaff.linkSent(celina.username))).toBeInTheDocument();
    expect(api.requestsTo('/admin/staff/send-link').map((r) => r.body)).toEqual([{ staff: { uuid: celina.uuid } }]);
  });

  it('deactivating asks first; her own account has no such button and its admin role cannot be unticked', async () => {
    const ewa = buildMember({ firstname: 'Ewa', lastname: 'Nowak' });
    const self = buildMember({ uuid: admin.uuid, firstname: 'Ada', lastname: 'Admin', roles: ['admin'], territories: [] });
    const api = openStaff({
      '/admin/staff/list': { body: ok(staffPage([self, ewa])) },
      '/admin/staff/deactivate': { body: ok({ staff: { ...ewa, active: false } }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuroStaff.edit}: Ada Admin` }));
    let panel = await screen.findByRole('dialog', { name: pl.biuroStaff.editTitle('Ada Admin') });
    expect(within(panel).getByRole('checkbox', { name: /Administrator/ })).toBeDisabled();
    expect(within(panel).getByText(pl.biuroStaff.ownAccount)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: `${pl.biuroStaff.deactivate}…` })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.cancel }));

    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuroStaff.edit}: Ewa Nowak` }));
    panel = await screen.findByRole('dialog', { name: pl.biuroStaff.editTitle('Ewa Nowak') });
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuroStaff.deactivate}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(pl.biuroStaff.deactivateConfirm('Ewa Nowak'));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuroStaff.deactivate }));
    expect(await screen.findByText(pl.biuroStaff.deactivated)).toBeInTheDocument();
    expect(api.requestsTo('/admin/staff/deactivate').map((r) => r.body)).toEqual([{ staff: { uuid: ewa.uuid } }]);
  });

  it("the server's refusal is said in Polish in the panel (the last active admin)", async () => {
    const other = buildMember({ firstname: 'Bogna', lastname: 'Admin', roles: ['admin'], territories: [] });
    openStaff({
      '/admin/staff/list': { body: ok(staffPage([other])) },
      '/admin/staff/update': { status: 409, body: failure('E_LAST_ADMIN') },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuroStaff.edit}: Bogna Admin` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuroStaff.editTitle('Bogna Admin') });
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Administrator/ }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Klient/ }));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(pl.errors.ofCode('E_LAST_ADMIN'));
  });

  it("a coordinator's menu has no Personel", async () => {
    const coordinator = buildStaff();
    openStaff(
      { '/admin/promoters/list': { body: ok({ page: 1, pageSize: 200, total: 0, promoters: [] }) } },
      coordinator,
      '/biuro/promotorzy',
    );
    const menu = await screen.findByRole('navigation', { name: pl.biuro.nav.label });
    expect(within(menu).queryByRole('link', { name: pl.biuroStaffEntry.nav })).toBeNull();
  });
});
