import { describe, expect, it } from 'vitest';
import type { ActionPointTable } from '../../db/schema.ts';
import { planCsv, planRow, type PlanRowValues } from '../../test/plan-csv.ts';
import { covers } from './assignment-warnings.ts';
import { readPlanCsv } from './plan-csv.ts';
import { diffPlan, type StoredAction } from './plan-diff.ts';
import { planActionsFromRows, type PlannedAction } from './plan-rows.ts';

const actionsOf = async (rows: Partial<PlanRowValues>[]): Promise<PlannedAction[]> =>
  (await planActionsFromRows((await readPlanCsv(planCsv(rows.map(planRow)))).rows, 'Europe/Warsaw')).actions;

/** What the database holds after importing these rows' first action. */
function storedFrom(action: PlannedAction, o: Partial<StoredAction> = {}): StoredAction {
  const points: ActionPointTable[] = action.points.map((p, position) => ({
    id: `p${position}`,
    action_id: 'a1',
    position,
    name: p.name,
    street_address: p.street,
    postal_code: p.postalCode,
    city_name: p.city,
    petra_id: p.petraId,
    latitude: p.latitude,
    longitude: p.longitude,
  }));
  return { id: 'a1', globalStatus: 'accepted', points, assignments: [{ userId: 'u1', status: null }], ...o };
}

const promoterIds = new Map([
  ['HST1', 'u1'],
  ['HST2', 'u2'],
]);

describe('what an import changes', () => {
  const rows = [{ promoters: 'HST1' }, { point_name: 'Arkadia' }];

  it('creates an action it does not find', async () => {
    const [action] = await actionsOf(rows);
    expect(diffPlan([action!], new Map(), promoterIds).steps).toMatchObject([{ change: 'created', promoterIds: ['u1'] }]);
  });

  it('changes nothing when the same file comes again', async () => {
    const [action] = await actionsOf(rows);
    const result = diffPlan([action!], new Map([[action!.key, storedFrom(action!)]]), promoterIds);
    expect(result).toMatchObject({ steps: [{ change: 'unchanged' }], errors: [] });
  });

  it.each<[string, Partial<PlanRowValues>[], { pointsChanged: boolean; placeChanged: boolean; promoterIds: string[] }]>([
    [
      'a point moved to another street',
      [{ promoters: 'HST1' }, { point_name: 'Arkadia', street: 'al. Jana Pawła II 82' }],
      { pointsChanged: true, placeChanged: true, promoterIds: [] },
    ],
    ['a point added', [...rows, { point_name: 'Złote Tarasy' }], { pointsChanged: true, placeChanged: true, promoterIds: [] }],
    ['a point removed', [{ promoters: 'HST1' }], { pointsChanged: true, placeChanged: true, promoterIds: [] }],
    [
      'other coordinates',
      [{ promoters: 'HST1' }, { point_name: 'Arkadia', latitude: '52.25', longitude: '20.98' }],
      { pointsChanged: true, placeChanged: false, promoterIds: [] },
    ],
    [
      'another PETRA code',
      [{ promoters: 'HST1' }, { point_name: 'Arkadia', petra_id: 'PT-9' }],
      { pointsChanged: true, placeChanged: false, promoterIds: [] },
    ],
    [
      'another promoter named',
      [{ promoters: 'HST1,HST2' }, { point_name: 'Arkadia' }],
      { pointsChanged: false, placeChanged: false, promoterIds: ['u2'] },
    ],
  ])('updates an action when the file has %s', async (_name, changed, expected) => {
    const [before] = await actionsOf(rows);
    const [after] = await actionsOf(changed);
    const stored = storedFrom(before!);
    const { steps } = diffPlan([after!], new Map([[after!.key, stored]]), promoterIds);
    expect(steps[0]).toMatchObject({ change: 'updated', ...expected });
  });

  it('never unassigns: a promoter left out of the file stays, and nothing changes', async () => {
    const [action] = await actionsOf([{ promoters: '' }, { point_name: 'Arkadia' }]);
    expect(diffPlan([action!], new Map([[action!.key, storedFrom(action!)]]), promoterIds).steps[0]!.change).toBe('unchanged');
  });

  it.each<[string, Partial<StoredAction>]>([
    ['cancelled', { globalStatus: 'hst_cancelled' }],
    ['started by a promoter', { assignments: [{ userId: 'u1', status: 'started' }] }],
    ['finished by its promoter', { assignments: [{ userId: 'u1', status: 'finished' }] }],
  ])('leaves an action %s alone when the file matches it, and refuses to change it', async (_name, state) => {
    const [action] = await actionsOf(rows);
    const stored = storedFrom(action!, state);
    expect(diffPlan([action!], new Map([[action!.key, stored]]), promoterIds).steps[0]!.change).toBe('unchanged');
    const [changed] = await actionsOf([{ promoters: 'HST1,HST2' }, { point_name: 'Arkadia' }]);
    expect(diffPlan([changed!], new Map([[changed!.key, stored]]), promoterIds).errors).toEqual([
      { row: 2, column: null, message: expect.stringContaining('nie może jej zmienić') },
      { row: 3, column: null, message: expect.stringContaining('nie może jej zmienić') },
    ]);
  });
});

describe('whether her availability covers an action', () => {
  const span = { since: '2030-03-04 10:00:00', until: '2030-03-04 18:00:00' };
  it.each<[string, { since: string; until: string }[], boolean]>([
    ['one block around it', [{ since: '2030-03-04 09:00:00', until: '2030-03-04 19:00:00' }], true],
    [
      'two blocks that meet',
      [
        { since: '2030-03-04 13:00:00', until: '2030-03-04 18:00:00' },
        { since: '2030-03-04 08:00:00', until: '2030-03-04 13:00:00' },
      ],
      true,
    ],
    [
      'two blocks with a gap',
      [
        { since: '2030-03-04 08:00:00', until: '2030-03-04 12:00:00' },
        { since: '2030-03-04 13:00:00', until: '2030-03-04 18:00:00' },
      ],
      false,
    ],
    ['a block ending early', [{ since: '2030-03-04 08:00:00', until: '2030-03-04 17:00:00' }], false],
    ['no block', [], false],
  ])('%s: %s', (_name, blocks, expected) => {
    expect(covers(blocks, span)).toBe(expected);
  });
});
