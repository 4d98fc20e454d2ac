import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildPromoter, buildStaff, failure, ok, promotersPage } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

const staff = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });

function openPromoters(answers: Parameters<typeof fakeAdminApi>[0]) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
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

  it('deactivating asks first, then ends her account and reloads the list', async () => {
    const anna = buildPromoter({ firstname: 'Anna', lastname: 'Nowak' });
    const api = openPromoters({
      '/admin/promoters/list': { body: ok(promotersPage([anna])) },
      '/admin/promoters/deactivate': { body: ok({ promoter: { ...anna, active: false } }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: `${pl.biuro.promoters.edit}: Anna Nowak` }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.promoters.editTitle('Anna Nowak') });
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuro.promoters.deactivate}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(pl.biuro.promoters.deactivateConfirm('Anna Nowak'));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.promoters.deactivate }));
    expect(await screen.findByText(pl.biuro.promoters.deactivated)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/admin/promoters/deactivate').map((r) => r.body)).toEqual([
      { promoter: { uuid: anna.uuid } },
    ]);
    expect(api.requests.filter((request) => request.path === '/admin/promoters/list')).toHaveLength(2);
  });
});
