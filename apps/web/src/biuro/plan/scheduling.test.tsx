import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildPlannedAction, buildPromoter, buildStaff, ok, promotersPage } from '../test/builders.ts';
import { fakeAdminApi, type FakeAnswer } from '../test/fake-admin-api.ts';
import { buildPromoterSchedule, schedulesOn } from '../test/schedule-builders.ts';

// Issue 34 in the back office: the promoters' schedules beside an action and staffing the open actions
// from them (decision 126), an action copied or repeated and a week copied (decision 127).

const staff = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
const s = pl.biuroSchedule;

function openAt(path: string, answers: Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
  window.history.replaceState(null, '', path);
  render(<BiuroApp />);
  return api;
}

const conflict = (data: Record<string, unknown>): FakeAnswer => ({
  status: 409,
  body: { status: { success: false }, data: { error: 'E_SCHEDULE_CONFLICT', ...data }, meta: { ts: '2026-11-27T08:00:00.000Z' } },
});

const anna = buildPromoter({ uuid: 'anna', firstname: 'Anna', lastname: 'Nowak', ident: 'HST1' });
const beata = buildPromoter({ uuid: 'beata', firstname: 'Beata', lastname: 'Zając', ident: 'HST2' });
const annaSchedule = buildPromoterSchedule({
  promoter: { uuid: 'anna', ident: 'HST1', firstname: 'Anna', lastname: 'Nowak' },
  availability: [{ since: '2026-12-01 08:00:00', until: '2026-12-01 12:00:00' }],
  actions: [{ uuid: 'other', name: 'Żabka Marszałkowska', since: '2026-12-01 16:00:00', until: '2026-12-01 20:00:00' }],
  conflicts: ['overlap', 'outside_availability'],
});
const beataSchedule = buildPromoterSchedule({ promoter: { uuid: 'beata', ident: 'HST2', firstname: 'Beata', lastname: 'Zając' } });

describe('scheduling against availability', () => {
  beforeEach(() => staffSession.end(null));

  it("'Nieobsadzone' lists a week's open actions per territory; staffing one shows her calendar and her other actions, and a conflict is confirmed before she is assigned", async () => {
    const open = buildPlannedAction({ uuid: 'open-1', name: 'Galeria Mokotów — glo' });
    const south = buildPlannedAction({ name: 'Arkadia', territory: { uuid: 't2', ident: 'WAW-POLUDNIE', name: 'Warszawa Południe' } });
    let assigns = 0;
    const api = openAt('/biuro/nieobsadzone?dzien=2026-12-01', {
      '/admin/actions/open': {
        body: ok({
          actions: [open, south],
          territories: [
            { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum', count: 1 },
            { ident: 'WAW-POLUDNIE', name: 'Warszawa Południe', count: 1 },
          ],
          page: 1,
          pageSize: 200,
          total: 2,
        }),
      },
      '/admin/promoters/list': { body: ok(promotersPage([anna, beata])) },
      '/admin/actions/schedules': { body: ok(schedulesOn('2026-12-01', [annaSchedule, beataSchedule])) },
      '/admin/actions/assign': () =>
        ++assigns === 1
          ? conflict({
              conflicts: [
                {
                  promoter: { uuid: 'anna' },
                  kind: 'outside_availability',
                  actions: [],
                  availability: [{ since: '2026-12-01 08:00:00', until: '2026-12-01 12:00:00' }],
                },
              ],
            })
          : { body: ok({ action: { ...open, promoters: [{ ...anna, status: null, cancelled: false }] }, warnings: [] }) },
    });

    expect(await screen.findByRole('heading', { name: s.open.title, level: 1 })).toBeInTheDocument();
    // The heading is drawn while the list is on its way: wait for its tables.
    expect(await screen.findByRole('heading', { name: s.open.territoryCount('WAW-CENTRUM', 1) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: s.open.territoryCount('WAW-POLUDNIE', 1) })).toBeInTheDocument();
    expect(api.requestsTo('/admin/actions/open')[0]!.body).toMatchObject({ since: '2026-11-30 00:00:00', until: '2026-12-07 00:00:00' });

    await userEvent.click(screen.getByRole('button', { name: s.open.staffWho(open.name, 'wt., 1.12') }));
    const panel = await screen.findByRole('dialog', { name: s.open.panelTitle(open.name) });
    const schedules = await within(panel).findByRole('region', { name: s.schedules.titleOn('wt., 1.12') });
    const annaRow = (await within(schedules).findByText('Anna Nowak')).closest('li')!;
    expect(annaRow).toHaveTextContent(s.schedules.conflicts.overlap!);
    expect(annaRow).toHaveTextContent(s.schedules.conflicts.outside_availability!);
    expect(annaRow).toHaveTextContent('Dostępna: 08:00–12:00');
    expect(annaRow).toHaveTextContent('Inne akcje: „Żabka Marszałkowska” 16:00–20:00');
    expect(within(schedules).getByText('Beata Zając').closest('li')).toHaveTextContent(s.schedules.free);
    expect(api.requestsTo('/admin/actions/schedules')[0]!.body).toEqual({
      territory: 'WAW-CENTRUM',
      since: open.since,
      until: open.until,
      action: { uuid: open.uuid },
    });

    await userEvent.click(within(annaRow).getByRole('button', { name: s.schedules.assignWho('Anna Nowak') }));
    const question = await within(panel).findByRole('alertdialog');
    expect(question).toHaveFocus();
    expect(question).toHaveTextContent('Zgłoszona dostępność: 08:00–12:00.');
    await userEvent.click(within(question).getByRole('button', { name: pl.biuro.plan.assignAnyway }));
    expect(await screen.findByText(pl.biuro.plan.assigned_)).toBeInTheDocument();
    expect(api.requestsTo('/admin/actions/assign').map((r) => r.body)).toEqual([
      { action: { uuid: 'open-1' }, promoters: [{ uuid: 'anna' }], confirm: false },
      { action: { uuid: 'open-1' }, promoters: [{ uuid: 'anna' }], confirm: true },
    ]);
    // The list is read again (once the panel has said so): what is left to staff.
    await waitFor(() => expect(api.requestsTo('/admin/actions/open').length).toBeGreaterThan(1));
  });

  it('an action repeated on workdays until a day: the days listed first, a conflict confirmed, the promoters left out named', async () => {
    const action = buildPlannedAction({ uuid: 'tue', promoters: [{ ...anna, status: null, cancelled: false }] });
    let copies = 0;
    const api = openAt('/biuro/plan?dzien=2026-12-01', {
      '/admin/actions/list': { body: ok({ actions: [action], page: 1, pageSize: 200, total: 1 }) },
      '/admin/promoters/list': { body: ok(promotersPage([anna, beata])) },
      '/admin/actions/schedules': { body: ok(schedulesOn('2026-12-01', [])) },
      '/admin/actions/copy': () =>
        ++copies === 1
          ? conflict({
              conflicts: [
                {
                  promoter: { uuid: 'anna' },
                  kind: 'overlap',
                  actions: [{ uuid: 'x', name: 'Żabka', since: '2026-12-03 09:00:00', until: '2026-12-03 12:00:00' }],
                  copy: { source: { uuid: 'tue' }, name: action.name, since: '2026-12-03 10:00:00', until: '2026-12-03 18:00:00' },
                },
              ],
              conflictCount: 1,
            })
          : {
              body: ok({
                actions: [action, action, action],
                warnings: [],
                promotersLeft: [
                  { action: { uuid: 'tue' }, promoter: { uuid: 'gone', ident: 'HST9', firstname: 'Ola', lastname: 'Cicha' } },
                ],
              }),
            },
    });

    await userEvent.click(await screen.findByRole('button', { name: action.name }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.plan.editTitle(action.name) });
    const copy = within(panel).getByRole('region', { name: s.copy.title });
    await userEvent.click(within(copy).getByRole('radio', { name: s.copy.modeRepeat }));
    await userEvent.click(within(copy).getByRole('button', { name: s.copy.workdays }));
    const until = within(copy).getByLabelText(s.copy.until);
    await userEvent.clear(until);
    await userEvent.type(until, '2026-12-04');
    await userEvent.click(within(copy).getByRole('checkbox', { name: s.copy.withPromoters }));
    expect(copy).toHaveTextContent(`${s.copy.preview(3)} śr., 2.12; czw., 3.12; pt., 4.12`);

    await userEvent.click(within(copy).getByRole('button', { name: s.copy.submit }));
    const question = await within(copy).findByRole('alertdialog');
    expect(question).toHaveTextContent(`„${action.name}” czw., 3.12 10:00–18:00 — Anna Nowak ma w tym czasie inną akcję: „Żabka”`);
    await userEvent.click(within(question).getByRole('button', { name: s.copy.anyway }));
    expect(await within(copy).findByText(s.copy.done(3))).toBeInTheDocument();
    expect(within(copy).getByText(s.copy.left('Ola Cicha (HST9)'))).toBeInTheDocument();
    const bodies = api.requestsTo('/admin/actions/copy');
    expect(bodies.map((r) => r.body)).toEqual([
      { actions: [{ uuid: 'tue' }], from: '2026-12-01', to: ['2026-12-02', '2026-12-03', '2026-12-04'], promoters: true, confirm: false },
      { actions: [{ uuid: 'tue' }], from: '2026-12-01', to: ['2026-12-02', '2026-12-03', '2026-12-04'], promoters: true, confirm: true },
    ]);
    // Going on past the conflicts is another intent: another Idempotency-Key.
    expect(bodies[0]!.headers.get('Idempotency-Key')).not.toBe(bodies[1]!.headers.get('Idempotency-Key'));
  });

  it('chosen days are added and removed one by one; an action already in the plan on one is said in words', async () => {
    const action = buildPlannedAction({ uuid: 'tue' });
    const api = openAt('/biuro/plan?dzien=2026-12-01', {
      '/admin/actions/list': { body: ok({ actions: [action], page: 1, pageSize: 200, total: 1 }) },
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/actions/schedules': { body: ok(schedulesOn('2026-12-01', [])) },
      '/admin/actions/copy': {
        status: 409,
        body: {
          status: { success: false },
          data: { error: 'E_ACTION_EXISTS', existing: [{ name: action.name, since: '2026-12-08 10:00:00', until: '2026-12-08 18:00:00' }] },
          meta: { ts: '2026-11-27T08:00:00.000Z' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: action.name }));
    const copy = within(await screen.findByRole('dialog')).getByRole('region', { name: s.copy.title });
    const day = within(copy).getByLabelText(s.copy.day);
    expect(day).toHaveValue('2026-12-02');
    await userEvent.click(within(copy).getByRole('button', { name: s.copy.addDay }));
    await userEvent.clear(day);
    await userEvent.type(day, '2026-12-08');
    await userEvent.click(within(copy).getByRole('button', { name: s.copy.addDay }));
    const chosen = within(copy).getByRole('list', { name: s.copy.chosenDays });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['śr., 2.12×', 'wt., 8.12×']);
    await userEvent.click(within(chosen).getByRole('button', { name: s.copy.removeDay('śr., 2.12') }));
    await userEvent.click(within(copy).getByRole('button', { name: s.copy.submit }));
    expect(await within(copy).findByRole('alert')).toHaveTextContent(s.copy.exists(`„${action.name}” wt., 8.12 10:00–18:00`));
    expect(api.requestsTo('/admin/actions/copy')[0]!.body).toMatchObject({ to: ['2026-12-08'], promoters: false });
  });

  it("'Kopiuj tydzień' copies the week's actions but the cancelled ones to the weeks after it", async () => {
    const monday = buildPlannedAction({ uuid: 'mon', since: '2026-11-30 10:00:00', until: '2026-11-30 18:00:00' });
    const friday = buildPlannedAction({ uuid: 'fri', since: '2026-12-04 10:00:00', until: '2026-12-04 18:00:00' });
    const cancelled = buildPlannedAction({ uuid: 'off', status: 'cancelled' });
    const api = openAt('/biuro/plan?dzien=2026-12-01', {
      '/admin/actions/list': { body: ok({ actions: [monday, friday, cancelled], page: 1, pageSize: 200, total: 3 }) },
      '/admin/actions/copy': { body: ok({ actions: [monday, friday, monday, friday], warnings: [], promotersLeft: [] }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: s.week.open }));
    const panel = await screen.findByRole('dialog', { name: s.week.title('30.11 – 6.12.2026') });
    expect(panel).toHaveTextContent(s.week.actions(2));
    await userEvent.selectOptions(within(panel).getByLabelText(s.week.weeks), '2');
    expect(panel).toHaveTextContent(s.week.targets('7.12 – 13.12.2026; 14.12 – 20.12.2026'));
    await userEvent.click(within(panel).getByRole('button', { name: s.copy.submit }));
    expect(await within(panel).findByText(s.copy.done(4))).toBeInTheDocument();
    expect(api.requestsTo('/admin/actions/copy')[0]!.body).toEqual({
      actions: [{ uuid: 'mon' }, { uuid: 'fri' }],
      from: '2026-11-30',
      to: ['2026-12-07', '2026-12-14'],
      promoters: false,
      confirm: false,
    });
  });

  it("'Dodaj akcję' says beside each promoter what her schedule holds at the times typed", async () => {
    const api = openAt('/biuro/plan?dzien=2026-12-01', {
      '/admin/actions/list': { body: ok({ actions: [], page: 1, pageSize: 200, total: 0 }) },
      '/admin/promoters/list': { body: ok(promotersPage([anna, beata])) },
      '/admin/actions/schedules': { body: ok(schedulesOn('2026-12-01', [annaSchedule, beataSchedule])) },
    });
    await userEvent.click(await screen.findByRole('button', { name: pl.biuro.plan.add }));
    const panel = await screen.findByRole('dialog', { name: pl.biuro.plan.createTitle });
    await userEvent.selectOptions(within(panel).getByLabelText(pl.biuro.plan.territory), 'WAW-CENTRUM');
    // Her hint comes with the schedules, read after the promoters: wait for it.
    const annaChoice = await within(panel).findByRole('checkbox', { name: /Anna Nowak.*Poza dostępnością/ });
    expect(annaChoice.closest('label')).toHaveTextContent('Inna akcja w tym czasie, Poza dostępnością · Dostępna: 08:00–12:00');
    expect(
      within(panel)
        .getByRole('checkbox', { name: /Beata Zając/ })
        .closest('label'),
    ).toHaveTextContent(s.schedules.free);
    expect(api.requestsTo('/admin/actions/schedules').at(-1)!.body).toMatchObject({
      territory: 'WAW-CENTRUM',
      until: expect.stringMatching(/ 18:00:00$/),
    });
  });
});
