import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import type { PromotersImportAnswer } from '../api/admin-types.ts';
import { buildPromoter, buildStaff, failure, ok, promotersPage } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

const staff = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });

function openPromoters(answers: Parameters<typeof fakeAdminApi>[0], as = staff) {
  staffSession.start({ token: 'staff-token', staff: as });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff: as }) }, ...answers });
  window.history.replaceState(null, '', '/biuro/promotorzy');
  render(<BiuroApp />);
  return api;
}

describe('the promoters page', () => {
  beforeEach(() => staffSession.end(null));

  it('a new promoter: the first missing field takes focus; once filled in, her data goes to the server', async () => {
    const created = buildPromoter({ firstname: 'Ewa', lastname: 'Nowicka' });
    const api = openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/promoters/create': { body: ok({ promoter: created }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: pl.biuro.promoters.add }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.createTitle });
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(within(panel).getByLabelText(pl.biuro.promoters.firstName)).toHaveFocus();
    expect(within(panel).getByText(pl.biuro.promoters.territoriesRequired)).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText(pl.biuro.promoters.firstName), 'Ewa');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.promoters.lastName), 'Nowicka');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.promoters.username), 'ewa@demo.pl');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.promoters.phone), '+48 600 100 300');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'WAW-POLUDNIE' }));
    await userEvent.type(within(panel).getByLabelText(pl.biuro.promoters.initialPassword), 'haslo-startowe-1');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));

    expect(await screen.findByText(pl.biuro.promoters.created)).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/admin/promoters/create')?.body).toEqual({
      promoter: {
        firstname: 'Ewa',
        lastname: 'Nowicka',
        username: 'ewa@demo.pl',
        mobilePhone: '+48600100300',
        territories: ['WAW-POLUDNIE'],
        password: 'haslo-startowe-1',
      },
    });
  });

  it("the server's message for a field shows under it (a phone it refuses)", async () => {
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak' });
    openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([anna])) },
      '/admin/promoters/update': {
        status: 400,
        body: {
          ...failure('E_VALIDATION'),
          data: {
            error: 'E_VALIDATION',
            details: [{ path: 'body.promoter.mobilePhone', message: 'Oczekiwano numeru w formacie +48600100200' }],
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuro.promoters.edit}: Anna Nowak` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.editTitle('Anna Nowak') });
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await within(panel).findByText('Oczekiwano numeru w formacie +48600100200')).toBeInTheDocument();
    expect(within(panel).getByLabelText(pl.biuro.promoters.phone)).toHaveAttribute('aria-invalid', 'true');
  });

  it("a coordinator's deactivation of a promoter of her territories only asks first, then ends her account and reloads the list", async () => {
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak' });
    const api = openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([anna])) },
      '/admin/promoters/deactivate': { body: ok({ promoter: { ...anna, active: false } }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuro.promoters.edit}: Anna Nowak` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.editTitle('Anna Nowak') });
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuro.promoters.deactivate}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(pl.biuroPromoters.deactivateLastConfirm('Anna Nowak'));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.promoters.deactivate }));
    expect(await screen.findByText(pl.biuro.promoters.deactivated)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/admin/promoters/deactivate').map((r) => r.body)).toEqual([
      { promoter: { uuid: anna.uuid } },
    ]);
    expect(api.requests.filter((request) => request.path === '/admin/promoters/list')).toHaveLength(2);
  });

  it('a coordinator takes a promoter of other territories too off hers only: the button and question say so', async () => {
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak', territories: ['KRK-CENTRUM', 'WAW-CENTRUM'] });
    const api = openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([anna])) },
      '/admin/promoters/deactivate': { body: ok({ promoter: { ...anna, territories: ['KRK-CENTRUM'] } }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuro.promoters.edit}: Anna Nowak` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.editTitle('Anna Nowak') });
    expect(within(panel).queryByRole('button', { name: `${pl.biuro.promoters.deactivate}…` })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuroPromoters.removeFromMine}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(
      pl.biuroPromoters.removeFromMineConfirm('Anna Nowak', 'WAW-CENTRUM', 'KRK-CENTRUM'),
    );
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuroPromoters.removeFromMine }));
    expect(await screen.findByText(pl.biuroPromoters.removedFromMine)).toBeInTheDocument();
    expect(api.requestsTo('/admin/promoters/deactivate').map((r) => r.body)).toEqual([{ promoter: { uuid: anna.uuid } }]);
  });

  it("the admin's deactivation ends the account for every territory", async () => {
    const admin = buildStaff({ roles: ['admin'], territories: [] });
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak', territories: ['KRK-CENTRUM', 'WAW-CENTRUM'] });
    openPromoters({ '/admin/promoters/list': { body: ok(promotersPage([anna])) } }, admin);
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuro.promoters.edit}: Anna Nowak` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.editTitle('Anna Nowak') });
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuro.promoters.deactivate}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(pl.biuro.promoters.deactivateConfirm('Anna Nowak'));
  });
});

const t = pl.biuroPromoters;
const importAnswer = (over: Partial<PromotersImportAnswer> = {}): PromotersImportAnswer => ({
  dryRun: true,
  created: 0,
  updated: 0,
  unchanged: 0,
  changes: [],
  ...over,
});
const csvFile = () => new File(['imię;nazwisko;login;terytoria\n'], 'promotorzy.csv', { type: 'text/csv' });

describe('the promoters import', () => {
  beforeEach(() => staffSession.end(null));

  it('a dry run lists who is added or changed with nothing written; then the write, and the list reloads', async () => {
    let answer = importAnswer({
      created: 1,
      updated: 1,
      unchanged: 2,
      changes: [
        { change: 'created', row: 2, username: 'ewa@demo.pl', name: 'Ewa Nowicka', ident: null, territories: ['WAW-CENTRUM'], fields: [] },
        {
          change: 'updated',
          row: 3,
          username: 'anna@demo.pl',
          name: 'Anna Nowak',
          ident: 'HST1001',
          territories: ['KRK-CENTRUM', 'WAW-CENTRUM'],
          fields: ['mobilePhone', 'territories'],
        },
      ],
    });
    const api = openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/promoters/import': () => ({ body: ok(answer) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: t.import }));
    const panel = await screen.findByRole('dialog', { name: t.csv.title });
    expect(within(panel).getByRole('link', { name: t.csv.template })).toHaveAttribute('download', 'szablon-promotorow.csv');
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(t.csv.chooseFile);
    await userEvent.upload(within(panel).getByLabelText(t.csv.file), csvFile());
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(await within(panel).findByText(t.csv.created(1))).toBeInTheDocument();
    const rows = within(panel).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(t.csv.newCode);
    expect(rows[2]).toHaveTextContent('telefon, terytoria');
    expect((api.requestsTo('/admin/promoters/import')[0]!.body as FormData).get('dryRun')).toBe('true');

    answer = { ...answer, dryRun: false };
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.confirm }));
    expect(await screen.findByText(t.csv.done(1, 1))).toBeInTheDocument();
    expect((api.requestsTo('/admin/promoters/import')[1]!.body as FormData).get('dryRun')).toBe('false');
    expect(api.requestsTo('/admin/promoters/list')).toHaveLength(2);
  });

  it('a file refused by row shows each error under the Polish name of its column, and nothing to confirm', async () => {
    openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/promoters/import': {
        status: 422,
        body: {
          ...failure('E_PROMOTERS_INVALID'),
          data: {
            error: 'E_PROMOTERS_INVALID',
            errors: [
              { row: 3, column: 'password', message: 'Nowa promotorka potrzebuje hasła startowego.' },
              { row: 4, column: 'territories', message: 'Nie ma terytorium „KRK”.' },
            ],
            errorCount: 2,
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.import }));
    const panel = await screen.findByRole('dialog', { name: t.csv.title });
    await userEvent.upload(within(panel).getByLabelText(t.csv.file), csvFile());
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(await within(panel).findByText(t.csv.errorsTitle(2))).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /hasło_startowe/ })).toHaveTextContent('Nowa promotorka potrzebuje hasła startowego.');
    expect(within(panel).getByRole('row', { name: /terytoria/ })).toHaveTextContent('4');
    expect(within(panel).queryByRole('button', { name: t.csv.confirm })).toBeNull();
  });

  it('a file that changes nothing says so and offers nothing to confirm', async () => {
    openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/promoters/import': { body: ok(importAnswer({ unchanged: 3 })) },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.import }));
    const panel = await screen.findByRole('dialog', { name: t.csv.title });
    await userEvent.upload(within(panel).getByLabelText(t.csv.file), csvFile());
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(await within(panel).findByText(t.csv.nothingToChange)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: t.csv.confirm })).toBeNull();
  });
});
