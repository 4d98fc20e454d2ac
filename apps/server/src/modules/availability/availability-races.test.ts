import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInPromoter, wallTime } from '../../test/builders.ts';
import { race, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness (test/races.ts) for the moves and deletes of her blocks (creates at once:
// availability.test.ts): her two phones, or her outbox and her hand, at the same moment.

describe.each(testDatabases)('her availability blocks changed at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());

  async function block(token: string, day: number, from: string, to: string): Promise<string> {
    const res = await post(
      t.app,
      '/availability/create',
      { availability: { since: wallTime(t, day, from), until: wallTime(t, day, to) } },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.availability.uuid;
  }
  const move = (token: string, uuid: string, day: number, from: string, to: string) => () =>
    post(t.app, '/availability/update', { availability: { uuid, since: wallTime(t, day, from), until: wallTime(t, day, to) } }, token);
  const stored = (userId: string) =>
    t.db.selectFrom('availability').select(['since', 'until']).where('user_id', '=', userId).orderBy('since').execute();

  it('two blocks moved into one free time at once: one moves, the other is refused as an overlap', async () => {
    const her = await buildSignedInPromoter(t);
    const morning = await block(her.token, 3, '07:00', '09:00');
    const evening = await block(her.token, 3, '18:00', '20:00');
    gate.together(['/availability/update'], 2);
    const answers = await race([move(her.token, morning, 3, '12:00', '14:00'), move(her.token, evening, 3, '13:00', '15:00')]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_AVAILABILITY_OVERLAP']);
    const blocks = await stored(her.userId);
    expect(blocks).toHaveLength(2);
    expect(blocks.filter((b) => b.since >= wallTime(t, 3, '12:00') && b.since < wallTime(t, 3, '16:00'))).toHaveLength(1);
  });

  it('one block moved and deleted at once: the delete wins or comes second; never a 5xx, never a block left behind', async () => {
    const her = await buildSignedInPromoter(t);
    const uuid = await block(her.token, 4, '09:00', '12:00');
    gate.together(['/availability/update', '/availability/delete'], 2);
    const answers = await race([
      move(her.token, uuid, 4, '13:00', '16:00'),
      () => post(t.app, '/availability/delete', { availability: { uuid } }, her.token),
    ]);
    expect(serverErrors(answers)).toEqual([]);
    // Moved then deleted: both 200. Deleted then moved: the move finds no block.
    expect([
      ['200', '200'],
      ['200', '404 E_AVAILABILITY_NOT_FOUND'],
    ]).toContainEqual(sortedLabels(answers));
    expect(await stored(her.userId)).toEqual([]);
  });
});
