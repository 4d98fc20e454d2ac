import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { auditListBody, auditTime } from '../audit/audit-view.ts';
import { dateText, dateTimeText } from '../consumers/consumers-view.ts';
import { buildConsumerRequest } from '../test/builders.ts';
import { deadlineOf } from './requests-view.ts';

// Issue 33: every date a person reads is a day of APP_TIMEZONE (Warsaw), whatever the browser's zone
// and whatever the hour — 00:10 in Warsaw is still yesterday in UTC, 23:30 is today in both.

const t = pl.biuroRequests;

describe('dates near midnight are Warsaw dates', () => {
  // A laptop on New York's clock: its local day differs from Warsaw's around both midnights.
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Received at the moment, due at the end of the same date a month later (the server's monthsLater).
  const cases = [
    ['00:10 in winter time', '2026-11-28T23:10:00Z', '29.11.2026', '2026-12-29T22:59:59.999Z', 30],
    ['23:30 in winter time', '2026-11-29T22:30:00Z', '29.11.2026', '2026-12-29T22:59:59.999Z', 30],
    ['00:10 in summer time', '2026-07-14T22:10:00Z', '15.07.2026', '2026-08-15T21:59:59.999Z', 31],
    ['23:30 in summer time', '2026-07-15T21:30:00Z', '15.07.2026', '2026-08-15T21:59:59.999Z', 31],
  ] as const;

  it.each(cases)('a request received at %s shows its Warsaw day and the days left to the due day', (_when, at, day, dueAt, left) => {
    const request = buildConsumerRequest({ receivedAt: at, dueAt });
    expect(dateText(at)).toBe(day);
    expect(dateTimeText(at)).toContain(day);
    expect(deadlineOf(request, new Date(at))).toEqual({ tone: 'ok', text: t.dueIn(left) });
  });

  it('on the due day it says "today" until its end, and overdue by the Warsaw days past it', () => {
    const request = buildConsumerRequest({ receivedAt: '2026-11-28T23:10:00Z', dueAt: '2026-12-29T22:59:59.999Z' });
    expect(deadlineOf(request, new Date('2026-12-28T23:10:00Z'))).toEqual({ tone: 'soon', text: t.dueToday });
    expect(deadlineOf(request, new Date('2026-12-29T22:30:00Z'))).toEqual({ tone: 'soon', text: t.dueToday });
    expect(deadlineOf(request, new Date('2026-12-29T23:10:00Z'))).toEqual({ tone: 'overdue', text: t.overdue(1) });
    expect(deadlineOf(request, new Date('2026-12-31T22:30:00Z'))).toEqual({ tone: 'overdue', text: t.overdue(2) });
  });

  it.each(cases)('the audit log shows an entry made at %s at its Warsaw time', (_when, at, day) => {
    expect(auditTime(at)).toContain(day);
    expect(auditTime(at)).toMatch(at.includes('T23:10') || at.includes('T22:10') ? /00:10:00/ : /23:30:00/);
  });

  it("the audit log's days run from Warsaw's midnight to the next, in winter and summer time", () => {
    const filters = { kto: '', zdarzenie: '', od: '2026-11-29', do: '2026-11-29' };
    expect(auditListBody(filters, { pageIndex: 0, pageSize: 50 })).toMatchObject({
      from: '2026-11-28T23:00:00.000Z',
      to: '2026-11-29T23:00:00.000Z',
    });
    const summer = { ...filters, od: '2026-07-15', do: '2026-07-31' };
    expect(auditListBody(summer, { pageIndex: 0, pageSize: 50 })).toMatchObject({
      from: '2026-07-14T22:00:00.000Z',
      to: '2026-07-31T22:00:00.000Z',
    });
  });
});
