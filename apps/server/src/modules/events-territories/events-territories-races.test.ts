import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, type BuiltStaff } from '../../test/admin-builders.ts';
import { raceSame, sortedLabels } from '../../test/races.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// Events and territories under concurrent writers (issue 34, decision 123), on both databases: the
// ident's unique key decides in the statement, the row's lock orders the edits; no answer is a 5xx.

type Staff = BuiltStaff & { token: string };

describe.each(testDatabases)('events and territories at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown) => post(t.app, `/admin/${path}`, body, admin.token, { 'idempotency-key': randomUUID() });
  const newIdent = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;

  it.each([
    ['events', 'event', 'E_EVENT_EXISTS'],
    ['territories', 'territory', 'E_TERRITORY_EXISTS'],
  ] as const)('ten creates of one %s ident at once: one is added, the others are told 409, one audit entry', async (table, key, code) => {
    const ident = newIdent('R');
    const outcomes = await raceSame(10, (i) => call(`${table}/create`, { [key]: { ident, name: `Nazwa ${i}` } }));
    expect(sortedLabels(outcomes)).toEqual(['200', ...Array<string>(9).fill(`409 ${code}`)]);
    const rows = await t.db.selectFrom(table).select('id').where('ident', '=', ident).execute();
    expect(rows).toHaveLength(1);
    expect((await auditEntries(t, `${table}.create`)).filter((e) => e.object_id === rows[0]!.id)).toHaveLength(1);
  });

  it.each([
    ['events', 'event'],
    ['territories', 'territory'],
  ] as const)('twenty renames of one %s at once: each answered 200, each audit entry starting where the last ended', async (table, key) => {
    const ident = newIdent('R');
    const created = await call(`${table}/create`, { [key]: { ident, name: 'Start' } });
    const uuid = created.json().data[key].uuid as string;
    const outcomes = await raceSame(20, (i) => call(`${table}/update`, { [key]: { uuid, ident, name: `Nazwa ${i % 4}` } }));
    expect(sortedLabels(outcomes)).toEqual(Array<string>(20).fill('200'));
    const chain = (await auditEntries(t, `${table}.update`))
      .filter((e) => e.object_id === uuid)
      .reverse()
      .map((e) => (JSON.parse(e.details!) as { name: { from: string; to: string } }).name);
    let at = 'Start';
    for (const step of chain) {
      expect(step.from).toBe(at);
      at = step.to;
    }
    const final = await t.db.selectFrom(table).select('name').where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(final.name).toBe(at);
  });

  it('two events renamed to one ident at once: one wins, the other is told 409', async () => {
    const [a, b] = [newIdent('R'), newIdent('R')];
    const uuids = await Promise.all(
      [a, b].map(async (ident) => (await call('events/create', { event: { ident, name: ident } })).json().data.event.uuid),
    );
    const target = newIdent('R');
    const outcomes = await raceSame(2, (i) => call('events/update', { event: { uuid: uuids[i], ident: target, name: 'X' } }));
    expect(sortedLabels(outcomes)).toEqual(['200', '409 E_EVENT_EXISTS']);
  });
});
