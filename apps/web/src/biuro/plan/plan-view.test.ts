import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { buildPlannedAction } from '../test/builders.ts';
import { actionFormOf, actionInputOf, emptyActionForm, emptyPoint, validateActionForm } from './action-form.ts';
import { rowErrorsOf } from '../lib/csv-import.ts';
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

  it('edits every point: each keeps its id, coordinates with a decimal comma are numbers, a new one has no id', () => {
    const action = buildPlannedAction();
    const second = { ...action.points[0]!, uuid: 'point-b', name: 'Arkadia' };
    const values = actionFormOf({ ...action, points: [...action.points, second] });
    values.points[0] = { ...values.points[0]!, name: 'Złote Tarasy', latitude: '52,2301', longitude: '21,0027' };
    values.points.push({ ...emptyPoint(), name: 'Nowy', street: 'ul. Nowa 1', city: 'Warszawa' });
    const input = actionInputOf({ ...values, date: '2026-12-02' });
    expect(input.points.map((point) => [point.uuid, point.name, point.latitude, point.longitude])).toEqual([
      [action.points[0]!.uuid, 'Złote Tarasy', 52.2301, 21.0027],
      ['point-b', 'Arkadia', second.latitude, second.longitude],
      [undefined, 'Nowy', null, null],
    ]);
    expect([input.since, input.until]).toEqual(['2026-12-02 10:00:00', '2026-12-02 18:00:00']);
  });

  it('says under the point what is missing, a coordinate out of range, and one coordinate without the other', () => {
    const values = emptyActionForm(['WAW-CENTRUM'], '2026-12-02');
    values.event = 'EV';
    values.name = 'Akcja';
    values.points = [
      { ...emptyPoint(), name: 'A', street: 'ul. A 1', city: 'Warszawa', latitude: '95', longitude: '21' },
      { ...emptyPoint(), name: 'B', street: '', city: 'Warszawa', latitude: '52,1' },
    ];
    expect(validateActionForm(values)).toEqual({
      'points.0.latitude': expect.stringContaining('od -90 do 90'),
      'points.1.street': expect.any(String),
      'points.1.longitude': 'Podaj obie współrzędne albo żadnej.',
    });
  });
});

describe('a refused import', () => {
  it('is read as errors by row when the server names rows, else passed on', () => {
    const rows = [{ row: 3, column: 'date', message: 'Nieprawidłowa data' }];
    expect(rowErrorsOf(new ApiError('api', 'E_PLAN_INVALID', null, { error: 'E_PLAN_INVALID', errors: rows }, 422))).toEqual(rows);
    expect(rowErrorsOf(new ApiError('api', 'E_FORBIDDEN', null, { error: 'E_FORBIDDEN' }, 403))).toBeNull();
  });
});
