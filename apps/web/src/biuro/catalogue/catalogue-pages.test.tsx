import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { CatalogueEvent, CatalogueTerritory, Staff } from '../api/admin-types.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

// The Wydarzenia and Terytoria pages (issue 34, decision 123): the admin adds and edits, a coordinator
// reads; the form's errors are tied to their fields.

const ev = pl.biuroEvents;
const te = pl.biuroTerritories;
const admin = buildStaff({ roles: ['admin'], territories: [] });
const coordinator = buildStaff({ roles: ['coordinator'], territories: ['WAW-CENTRUM'] });

const buildEvent = (over: Partial<CatalogueEvent> = {}): CatalogueEvent => ({
  uuid: 'ev-1',
  ident: 'EV-2026-GLO',
  name: 'Glo Hyper — wiosna',
  actions: 12,
  voucherBatches: 2,
  ...over,
});
const buildTerritory = (over: Partial<CatalogueTerritory> = {}): CatalogueTerritory => ({
  uuid: 't-1',
  ident: 'WAW-CENTRUM',
  name: 'Warszawa Centrum',
  promoters: 5,
  staff: 1,
  actions: 40,
  ...over,
});
const page = <K extends string, E>(key: K, entries: E[]) => ({ page: 1, pageSize: 200, total: entries.length, [key]: entries });

function open(staff: Staff, path: string, answers: Parameters<typeof fakeAdminApi>[0]) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
  window.history.replaceState(null, '', path);
  render(<BiuroApp />);
  return api;
}

describe('the events page', () => {
  beforeEach(() => staffSession.end(null));

  it('lists the events with what names them; the nav names both pages; a search is asked of the server', async () => {
    const api = open(admin, '/biuro/wydarzenia', { '/admin/events/list': { body: ok(page('events', [buildEvent()])) } });
    const row = await within(await screen.findByRole('table', { name: ev.title })).findByRole('row', { name: /EV-2026-GLO/ });
    expect(row).toHaveTextContent('Glo Hyper — wiosna');
    expect(row).toHaveTextContent('12');
    const nav = screen.getByRole('navigation', { name: pl.biuro.nav.label });
    expect(within(nav).getByRole('link', { name: pl.biuro.nav.events })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: pl.biuro.nav.territoriesPage })).toBeInTheDocument();
    expect(api.requestsTo('/admin/events/list')[0]!.body).toEqual({ page: 1, pageSize: 200 });
    await userEvent.type(screen.getByRole('searchbox', { name: pl.biuro.table.search }), 'glo');
    await waitFor(() => expect(api.requestsTo('/admin/events/list').at(-1)!.body).toEqual({ page: 1, pageSize: 200, search: 'glo' }));
  });

  it('says so when there are none yet', async () => {
    open(admin, '/biuro/wydarzenia', { '/admin/events/list': { body: ok(page('events', [])) } });
    expect(await screen.findByText(ev.empty)).toBeInTheDocument();
  });

  it('a failed list offers to try again', async () => {
    open(admin, '/biuro/wydarzenia', { '/admin/events/list': { status: 500, body: failure('E_INTERNAL') } });
    expect(await screen.findByRole('button', { name: pl.biuro.table.retry })).toBeInTheDocument();
  });

  it('a new event: an empty form names both fields, tied to them, the first focused; once right it is sent and the list reloads', async () => {
    const api = open(admin, '/biuro/wydarzenia', {
      '/admin/events/list': { body: ok(page('events', [])) },
      '/admin/events/create': { body: ok({ event: buildEvent({ ident: 'EV-LATO', name: 'Lato' }) }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: ev.add }));
    const panel = await screen.findByRole('dialog', { name: ev.createTitle });
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    const ident = within(panel).getByLabelText(ev.form.ident);
    expect(ident).toHaveFocus();
    expect(ident).toHaveAttribute('aria-invalid', 'true');
    expect(ident).toHaveAccessibleDescription(expect.stringContaining('Podaj identyfikator wydarzenia.'));
    expect(within(panel).getByLabelText(ev.form.name)).toHaveAccessibleDescription('Podaj nazwę wydarzenia.');

    await userEvent.type(ident, ' EV-LATO ');
    await userEvent.type(within(panel).getByLabelText(ev.form.name), 'Lato');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await screen.findByText(ev.created)).toBeInTheDocument();
    expect(api.requestsTo('/admin/events/create')[0]!.body).toEqual({ event: { ident: 'EV-LATO', name: 'Lato' } });
    expect(api.requestsTo('/admin/events/list')).toHaveLength(2);
  });

  it('an ident taken: the panel says so under the field', async () => {
    open(admin, '/biuro/wydarzenia', {
      '/admin/events/list': { body: ok(page('events', [buildEvent()])) },
      '/admin/events/update': { status: 409, body: failure('E_EVENT_EXISTS') },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${ev.edit}: Glo Hyper — wiosna (EV-2026-GLO)` }));
    const panel = await screen.findByRole('dialog', { name: ev.editTitle('Glo Hyper — wiosna') });
    const ident = within(panel).getByLabelText(ev.form.ident);
    expect(ident).toHaveValue('EV-2026-GLO');
    await userEvent.clear(ident);
    await userEvent.type(ident, 'EV-INNE');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(pl.fieldErrors.E_EVENT_EXISTS);
    expect(ident).toHaveAccessibleDescription(expect.stringContaining(pl.fieldErrors.E_EVENT_EXISTS));
  });

  it('a coordinator reads the list: no add or edit', async () => {
    open(coordinator, '/biuro/wydarzenia', { '/admin/events/list': { body: ok(page('events', [buildEvent()])) } });
    await within(await screen.findByRole('table', { name: ev.title })).findByRole('row', { name: /EV-2026-GLO/ });
    expect(screen.getByText(ev.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ev.add })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edytuj/ })).not.toBeInTheDocument();
  });
});

describe('the territories page', () => {
  beforeEach(() => staffSession.end(null));

  it('the admin renames a territory; its code is sent in capitals', async () => {
    const api = open(admin, '/biuro/terytoria', {
      '/admin/territories/list': { body: ok(page('territories', [buildTerritory()])) },
      '/admin/territories/update': { body: ok({ territory: buildTerritory({ name: 'Śródmieście' }) }) },
    });
    const row = await within(await screen.findByRole('table', { name: te.title })).findByRole('row', { name: /WAW-CENTRUM/ });
    expect(row).toHaveTextContent('40');
    await userEvent.click(within(row).getByRole('button', { name: 'Warszawa Centrum' }));
    const panel = await screen.findByRole('dialog', { name: te.editTitle('Warszawa Centrum') });
    expect(within(panel).getByLabelText(te.form.ident)).toHaveAccessibleDescription(te.form.identChangeHint);
    await userEvent.clear(within(panel).getByLabelText(te.form.ident));
    await userEvent.type(within(panel).getByLabelText(te.form.ident), 'waw-srodmiescie');
    await userEvent.clear(within(panel).getByLabelText(te.form.name));
    await userEvent.type(within(panel).getByLabelText(te.form.name), 'Śródmieście');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await screen.findByText(te.updated)).toBeInTheDocument();
    expect(api.requestsTo('/admin/territories/update')[0]!.body).toEqual({
      territory: { uuid: 't-1', ident: 'WAW-SRODMIESCIE', name: 'Śródmieście' },
    });
  });

  it('a code that is not one is refused before it is sent', async () => {
    const api = open(admin, '/biuro/terytoria', { '/admin/territories/list': { body: ok(page('territories', [])) } });
    await userEvent.click(await screen.findByRole('button', { name: te.add }));
    const panel = await screen.findByRole('dialog', { name: te.createTitle });
    await userEvent.type(within(panel).getByLabelText(te.form.ident), 'WAW CENTRUM');
    await userEvent.type(within(panel).getByLabelText(te.form.name), 'Warszawa');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(within(panel).getByLabelText(te.form.ident)).toHaveAccessibleDescription(
      expect.stringContaining('Kod terytorium: wielkie litery'),
    );
    expect(api.requestsTo('/admin/territories/create')).toHaveLength(0);
  });

  it('a coordinator sees her territories, read only', async () => {
    open(coordinator, '/biuro/terytoria', { '/admin/territories/list': { body: ok(page('territories', [buildTerritory()])) } });
    await within(await screen.findByRole('table', { name: te.title })).findByRole('row', { name: /WAW-CENTRUM/ });
    expect(screen.queryByRole('button', { name: te.add })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Warszawa Centrum' })).not.toBeInTheDocument();
  });
});
