import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { staffSession } from '../auth/staff-session.ts';
import { buildPlannedAction, buildStaff, failure, ok, promotersPage } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { buildRegisterPoint, registerPage } from '../test/point-builders.ts';
import { ActionPanel } from './action-panel.tsx';

// 'Dodaj akcję' picks a point from the register of the action's territory (issue 34) instead of
// retyping its address, and keeps free entry for a new point.

const p = pl.biuroPoints.picker;
const staff = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });

async function openNewAction(answers: Parameters<typeof fakeAdminApi>[0]) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/promoters/list': { body: ok(promotersPage([])) },
    ...answers,
  });
  // The plan's panel alone: the page around it is the plan's tests' (a lazy route costs seconds here).
  render(<ActionPanel open action={null} territories={staff.territories} onClose={() => {}} onChanged={() => {}} onSaved={() => {}} />);
  const panel = await screen.findByRole('dialog', { name: pl.biuro.plan.createTitle });
  return { api, panel };
}

describe("'Dodaj akcję' and the register of points", () => {
  beforeEach(() => staffSession.end(null));

  it('a point found in the register fills its fields, which stay as the register has them; the action is sent with its code', async () => {
    const tarasy = buildRegisterPoint({
      code: 'P-7K2M9Q',
      name: 'Złote Tarasy',
      streetAddress: 'ul. Złota 59',
      postalCode: '00-120',
      latitude: 52.2301,
      longitude: 21.0027,
    });
    const { api, panel } = await openNewAction({
      '/admin/points/list': { body: ok(registerPage([tarasy])) },
      '/admin/actions/create': { body: ok({ action: buildPlannedAction() }) },
    });
    expect(within(panel).getByText(p.chooseTerritoryFirst)).toBeInTheDocument();
    await userEvent.selectOptions(within(panel).getByLabelText(pl.biuro.plan.territory), 'WAW-CENTRUM');
    await userEvent.type(within(panel).getByRole('searchbox', { name: p.search }), 'zł');
    const results = await within(panel).findByRole('list', { name: p.search });
    expect(api.requestsTo('/admin/points/list').at(-1)!.body).toEqual({
      territory: 'WAW-CENTRUM',
      search: 'zł',
      pageSize: 8,
      archived: false,
    });
    await userEvent.click(
      within(results).getByRole('button', { name: p.choose('Złote Tarasy', 'ul. Złota 59, 00-120 Warszawa', 'P-7K2M9Q') }),
    );

    expect(within(panel).getByText(p.chosen('P-7K2M9Q'))).toBeInTheDocument();
    expect(within(panel).getByLabelText(pl.biuro.plan.pointName)).toHaveValue('Złote Tarasy');
    expect(within(panel).getByLabelText(pl.biuro.plan.pointName)).toHaveAttribute('readonly');
    expect(within(panel).getByLabelText(pl.biuro.plan.latitude)).toHaveValue('52.2301');
    expect(within(panel).getByLabelText(pl.biuro.plan.petraId)).not.toHaveAttribute('readonly');

    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.event), 'E1');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.name), 'A');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    await waitFor(() => expect(api.requestsTo('/admin/actions/create')).toHaveLength(1));
    expect((api.requestsTo('/admin/actions/create')[0]!.body as { action: { points: unknown[] } }).action.points).toEqual([
      {
        code: 'P-7K2M9Q',
        name: 'Złote Tarasy',
        streetAddress: 'ul. Złota 59',
        postalCode: '00-120',
        cityName: 'Warszawa',
        petraId: null,
        latitude: 52.2301,
        longitude: 21.0027,
      },
    ]);
  });

  it("'Wpisz inny punkt' lets her type a new point, sent without a code", async () => {
    const tarasy = buildRegisterPoint({ name: 'Złote Tarasy' });
    const { api, panel } = await openNewAction({
      '/admin/points/list': { body: ok(registerPage([tarasy])) },
      '/admin/actions/create': { body: ok({ action: buildPlannedAction() }) },
    });
    await userEvent.selectOptions(within(panel).getByLabelText(pl.biuro.plan.territory), 'WAW-CENTRUM');
    await userEvent.type(within(panel).getByRole('searchbox', { name: p.search }), 'zł');
    await userEvent.click(await within(panel).findByRole('button', { name: new RegExp('^Złote Tarasy') }));
    await userEvent.click(within(panel).getByRole('button', { name: p.typeOther }));
    expect(within(panel).getByLabelText(pl.biuro.plan.pointName)).toHaveValue('');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.pointName), 'Kiosk');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.street), 'Nowa 1');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.city), 'Łódź');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.event), 'E1');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.name), 'A');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    await waitFor(() => expect(api.requestsTo('/admin/actions/create')).toHaveLength(1));
    const [point] = (api.requestsTo('/admin/actions/create')[0]!.body as { action: { points: Record<string, unknown>[] } }).action.points;
    expect(point).toMatchObject({ name: 'Kiosk', streetAddress: 'Nowa 1' });
    expect(point).not.toHaveProperty('code');
  });

  it('offers the events there are; one that is not there is said under the field (decision 123)', async () => {
    const tarasy = buildRegisterPoint({ code: 'P-7K2M9Q', name: 'Złote Tarasy' });
    const { panel } = await openNewAction({
      '/admin/points/list': { body: ok(registerPage([tarasy])) },
      '/admin/actions/create': { status: 404, body: failure('E_EVENT_NOT_FOUND') },
    });
    const event = within(panel).getByLabelText(pl.biuro.plan.event);
    await waitFor(() =>
      expect(document.querySelector(`#${event.getAttribute('list')!} option`)).toHaveAttribute('value', 'EV-2026-SAMPLING'),
    );
    await userEvent.selectOptions(within(panel).getByLabelText(pl.biuro.plan.territory), 'WAW-CENTRUM');
    await userEvent.type(within(panel).getByRole('searchbox', { name: p.search }), 'zł');
    const results = await within(panel).findByRole('list', { name: p.search });
    await userEvent.click(within(results).getAllByRole('button')[0]!);
    await userEvent.type(event, 'EV-2026-SAMPLNG');
    await userEvent.type(within(panel).getByLabelText(pl.biuro.plan.name), 'A');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    await waitFor(() => expect(event).toHaveAccessibleDescription(pl.biuro.plan.eventNotFound));
  });
});
