import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { buildPlannedAction } from '../test/builders.ts';
import { actionFormOf, actionInputOf, validateActionForm } from './action-form.ts';
import { rowErrorsOf } from './plan-import.ts';
import { byTerritory, planListBody, planPeriod } from './plan-view.ts';

const filters = { okres: '', dzien: '', terytorium: '', status: '' };

describe('the plan page', () => {
  it('shows the week of today unless the address names a month or another day', () => {
    expect(planPeriod(filters, '2026-12-03')).toMatchObject({ first: '2026-11-30', last: '2026-12-06' });
    expect(planPeriod({ ...filters, okres: 'miesiac', dzien: '2027-01-15' }, '2026-12-03')).toMatchObject({ first: '2027-01-01' });
    expect(planPeriod({ ...filters, dzien: 'jutro' }, '2026-12-03').first).toBe('2026-11-30');
  });

  it('asks for the period, the territory and a known status only', () => {
    const period = planPeriod(filters, '2026-12-03');
    expect(planListBody({ ...filters, terytorium: 'WAW-CENTRUM', status: 'odwolane' }, period)).toEqual({
      since: '2026-11-30 00:00:00',
      until: '2026-12-07 00:00:00',
      page: 1,
      pageSize: 200,
      territory: 'WAW-CENTRUM',
    });
    expect(planListBody({ ...filters, status: 'cancelled' }, period).status).toBe('cancelled');
    expect(planListBody({ ...filters, status: 'hst_cancelled' }, period).status).toBeUndefined();
  });

  it('puts the actions in one table per territory', () => {
    const krk = { uuid: 't-2', ident: 'KRK-STARE-MIASTO', name: 'Kraków' };
    const groups = byTerritory([buildPlannedAction(), buildPlannedAction({ territory: krk }), buildPlannedAction()]);
    expect(groups.map((group) => [group.territory, group.actions.length])).toEqual([
      ['KRK-STARE-MIASTO', 1],
      ['WAW-CENTRUM', 2],
    ]);
  });
});

describe('the action form', () => {
  it('an end before the start is said under the end', () => {
    const values = { ...actionFormOf(buildPlannedAction()), since: '18:00', until: '10:00' };
    expect(validateActionForm(values)).toEqual({ until: expect.any(String) });
  });

  it('edits the first point and keeps the others with their ids', () => {
    const action = buildPlannedAction();
    const second = { ...action.points[0]!, uuid: 'point-b', name: 'Arkadia' };
    const withTwo = { ...action, points: [...action.points, second] };
    const input = actionInputOf({ ...actionFormOf(withTwo), pointName: 'Złote Tarasy', date: '2026-12-02' }, withTwo);
    expect(input.points.map((point) => [point.uuid, point.name])).toEqual([
      [action.points[0]!.uuid, 'Złote Tarasy'],
      ['point-b', 'Arkadia'],
    ]);
    expect([input.since, input.until]).toEqual(['2026-12-02 10:00:00', '2026-12-02 18:00:00']);
  });
});

describe('a refused import', () => {
  it('is read as errors by row when the server names rows, else passed on', () => {
    const rows = [{ row: 3, column: 'date', message: 'Nieprawidłowa data' }];
    expect(rowErrorsOf(new ApiError('api', 'E_PLAN_INVALID', null, { error: 'E_PLAN_INVALID', errors: rows }, 422))).toEqual(rows);
    expect(rowErrorsOf(new ApiError('api', 'E_FORBIDDEN', null, { error: 'E_FORBIDDEN' }, 403))).toBeNull();
  });
});
