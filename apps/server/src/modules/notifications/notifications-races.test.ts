import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { atWallHour } from '../../test/live.ts';
import {
  buildNotification,
  buildSubscriptions,
  inbox,
  markRead,
  notificationRows,
  pushSendsOf,
  resend,
  smsTo,
} from '../../test/notifications.ts';
import { raceSame, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 32's race harness (test/races.ts) for her inbox's and the back office's writes of issue 37
// (decision 135): N calls at once on both databases, then the invariant — no 5xx, nothing written twice.

describe.each(testDatabases)('notification writes at once (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  let waw: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
    waw = await buildTerritory(t, 'WAW');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.advance(86_400_000);
    atWallHour(t, 10);
  });

  it('her two phones mark her notifications read at once: every call 200, all read, none left unread', async () => {
    const anna = await buildSignedInPromoter(t);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await buildNotification(t, anna, { minutesAgo: 10 - i }));
    gate.together(['/notifications/read'], 12);
    const answers = await raceSame(12, (i) => {
      t.clock.advance(1);
      return markRead(t.app, anna.token, i % 3 === 0 ? { all: true } : { ids: [ids[i % 6]!, ids[(i + 1) % 6]!] });
    });
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual(Array(12).fill('200'));
    const rows = await notificationRows(t, anna.userId);
    expect(rows.every((r) => r.read_at !== null)).toBe(true);
    expect((await inbox(t.app, anna.token)).unread).toBe(0);
  });

  it('ten staff resend one notification at once: every call 200, one set of pushes, one SMS, one audit entry', async () => {
    const phone = '+48 602 000 001';
    const zofia = await buildSignedInPromoter(t, { territories: [waw], mobilePhone: phone });
    await buildSubscriptions(t, zofia, 3);
    const id = await buildNotification(t, zofia, { kind: 'report_returned', sms: 'waiting' });
    const staff = await Promise.all(
      Array.from({ length: 10 }, () => buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] })),
    );
    gate.together(['/admin/notifications/resend'], 10);
    const answers = await raceSame(10, (i) => resend(t.app, staff[i]!.token, id));
    expect(serverErrors(answers)).toEqual([]);
    expect(sortedLabels(answers)).toEqual(Array(10).fill('200'));
    expect(await pushSendsOf(t, id)).toHaveLength(3);
    expect(await smsTo(t, phone)).toHaveLength(1);
    expect((await auditEntries(t, 'notifications.resend')).filter((e) => JSON.parse(e.details!).notification === id)).toHaveLength(1);
  });
});
