import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInPromoter } from '../test/builders.ts';
import { buildSignedInStaff } from '../test/admin-builders.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../test/test-app.ts';
import { OUTBOX_COUNT_MAX, parseOutboxHeader } from './phone-outbox-header.ts';
import { needsWrite, PHONE_WRITE_INTERVAL_MS } from './phone-outbox.ts';

// What is still on the phones (issue 25, decision 091): the X-Outbox header of her calls.

const now = new Date('2026-12-01T10:00:00.000Z');

describe('parseOutboxHeader', () => {
  it('reads a count and the oldest item time, as ISO UTC', () => {
    expect(parseOutboxHeader('3; 2026-12-01T09:14:05.120Z', now)).toEqual({ count: 3, oldestAt: '2026-12-01T09:14:05.120Z' });
    expect(parseOutboxHeader('2;2026-12-01T10:14:05+01:00', now)).toEqual({ count: 2, oldestAt: '2026-12-01T09:14:05.000Z' });
  });

  it('reads nothing waiting in each spelling the phone may use', () => {
    for (const value of ['0', '0; ', '0; -', ' 0 ;-']) expect(parseOutboxHeader(value, now), value).toEqual({ count: 0, oldestAt: null });
  });

  it('takes a count without a time as a count with no known oldest item', () => {
    expect(parseOutboxHeader('4', now)).toEqual({ count: 4, oldestAt: null });
    expect(parseOutboxHeader('4; -', now)).toEqual({ count: 4, oldestAt: null });
  });

  it('ignores a missing or malformed header', () => {
    const malformed = [
      undefined,
      '',
      'abc',
      '-1',
      '1.5',
      '3; yesterday',
      '3; 2026-12-01',
      '3; 2026-13-45T99:00:00Z',
      '0; 2026-12-01T09:00:00Z',
      '3; 2026-12-01T09:00:00Z; more',
      String(OUTBOX_COUNT_MAX + 1),
      '1234567',
      ['1', '2'],
    ];
    for (const value of malformed) expect(parseOutboxHeader(value, now), String(value)).toBeNull();
  });

  it('takes the largest count it allows', () => {
    expect(parseOutboxHeader(String(OUTBOX_COUNT_MAX), now)).toEqual({ count: OUTBOX_COUNT_MAX, oldestAt: null });
  });

  it('refuses an oldest item far in the future or before the app existed', () => {
    expect(parseOutboxHeader('1; 2026-12-01T10:59:00Z', now)).not.toBeNull();
    expect(parseOutboxHeader('1; 2026-12-01T11:00:01Z', now)).toBeNull();
    expect(parseOutboxHeader('1; 1970-01-01T00:00:00Z', now)).toBeNull();
  });
});

describe('needsWrite', () => {
  const t = now.getTime();
  const last = { at: t, count: 2, oldestAt: '2026-12-01T09:00:00.000Z' };
  it('writes her first call, a changed report, and a minute after the last write', () => {
    expect(needsWrite(undefined, null, t)).toBe(true);
    expect(needsWrite(last, { count: 3, oldestAt: last.oldestAt }, t + 1)).toBe(true);
    expect(needsWrite(last, { count: 2, oldestAt: '2026-12-01T09:30:00.000Z' }, t + 1)).toBe(true);
    expect(needsWrite(last, null, t + PHONE_WRITE_INTERVAL_MS)).toBe(true);
  });
  it('does not write the same report again within the minute, nor a call without a report', () => {
    expect(needsWrite(last, { count: 2, oldestAt: last.oldestAt }, t + PHONE_WRITE_INTERVAL_MS - 1)).toBe(false);
    expect(needsWrite(last, null, t + PHONE_WRITE_INTERVAL_MS - 1)).toBe(false);
  });
});

describe.each(testDatabases)('X-Outbox on her calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const phoneOf = (userId: string) => t.db.selectFrom('promoter_phones').selectAll().where('user_id', '=', userId).executeTakeFirst();
  /** Her session call, with the header when given; resolves once what it reported is written. */
  const session = async (token: string, outbox?: string) => {
    const res = await post(t.app, '/auth/session', undefined, token, outbox === undefined ? {} : { 'x-outbox': outbox });
    await t.app.phoneReports.settled();
    return res;
  };

  it('stores what her phone reports and when it was seen', async () => {
    const anna = await buildSignedInPromoter(t);
    const oldest = new Date(t.clock.now().getTime() - 12 * 60_000).toISOString();
    expect((await session(anna.token, `3; ${oldest}`)).statusCode).toBe(200);
    expect(await phoneOf(anna.userId)).toEqual({
      user_id: anna.userId,
      outbox_count: 3,
      outbox_oldest_at: oldest,
      last_seen_at: t.clock.now().toISOString(),
      outbox_reported_at: t.clock.now().toISOString(),
    });
  });

  it('writes a changed count at once, the same one again only after a minute', async () => {
    const anna = await buildSignedInPromoter(t);
    const first = t.clock.now().toISOString();
    await session(anna.token, '0');
    expect((await phoneOf(anna.userId))?.outbox_count).toBe(0);
    t.clock.advance(1_000);
    const oldest = t.clock.now().toISOString();
    await session(anna.token, `1; ${oldest}`);
    expect(await phoneOf(anna.userId)).toMatchObject({ outbox_count: 1, outbox_oldest_at: oldest });
    t.clock.advance(1_000);
    await session(anna.token, `1; ${oldest}`);
    await session(anna.token);
    // Nothing new within the minute: the row stays as the second call left it.
    const written = await phoneOf(anna.userId);
    expect(written?.last_seen_at).toBe(oldest);
    expect(written?.last_seen_at).not.toBe(first);
    t.clock.advance(PHONE_WRITE_INTERVAL_MS);
    await session(anna.token);
    expect((await phoneOf(anna.userId))?.last_seen_at).toBe(t.clock.now().toISOString());
    // A call without the header says she was seen, and leaves her outbox as last reported.
    expect(await phoneOf(anna.userId)).toMatchObject({ outbox_count: 1, outbox_oldest_at: oldest, outbox_reported_at: oldest });
  });

  it('answers a call with a malformed header as any other, and keeps her outbox as it was', async () => {
    const anna = await buildSignedInPromoter(t);
    await session(anna.token, '2');
    expect((await phoneOf(anna.userId))?.outbox_count).toBe(2);
    t.clock.advance(PHONE_WRITE_INTERVAL_MS);
    const res = await session(anna.token, 'dwa; wczoraj');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toBe(anna.username);
    expect((await phoneOf(anna.userId))?.last_seen_at).toBe(t.clock.now().toISOString());
    expect(await phoneOf(anna.userId)).toMatchObject({ outbox_count: 2, outbox_oldest_at: null });
  });

  it('records nothing for a call that is not a signed-in promoter’s: staff, a bad token, her login', async () => {
    const rows = async () => (await t.db.selectFrom('promoter_phones').select('user_id').execute()).length;
    const before = await rows();
    const staff = await buildSignedInStaff(t);
    await post(t.app, '/admin/auth/session', undefined, staff.token, { 'x-outbox': '5' });
    await post(t.app, '/auth/session', undefined, 'not-a-token', { 'x-outbox': '5' });
    const anna = await buildSignedInPromoter(t);
    await t.app.phoneReports.settled();
    expect(await rows()).toBe(before);
    expect(await phoneOf(anna.userId)).toBeUndefined();
  });
});
