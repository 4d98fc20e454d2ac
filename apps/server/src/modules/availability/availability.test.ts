import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityWindow } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import { newId } from '../../lib/crypto.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildSignedInPromoter, wallDay, wallTime } from '../../test/builders.ts';

describe.each(testDatabases)('availability (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const DAY_MS = 86_400_000;
  const CONCURRENT = 20;

  /** A preHandler that holds the availability writes until `count` of them are waiting, then lets all go. */
  function releaseTogether(count: number) {
    let waiting: (() => void)[] = [];
    return async (request: FastifyRequest) => {
      if (!request.url.startsWith('/api/availability/create')) return;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === count) {
          for (const go of waiting) go();
          waiting = [];
        }
      });
    };
  }

  const create = (token: string, since: string, until: string, headers: Record<string, string> = {}) =>
    post(t.app, '/availability/create', { availability: { since, until } }, token, headers);
  const update = (token: string, uuid: string, since: string, until: string) =>
    post(t.app, '/availability/update', { availability: { uuid, since, until } }, token);
  const remove = (token: string, uuid: string) => post(t.app, '/availability/delete', { availability: { uuid } }, token);
  const list = (token: string, since: string, until: string) =>
    post(t.app, '/availability/list', { availability: { since, until } }, token);
  const errorOf = (res: { json: () => { data: { error?: string } } }) => res.json().data.error;

  /** Her blocks as stored, earliest first. */
  const storedBlocks = (userId: string) =>
    t.db.selectFrom('availability').select(['id', 'since', 'until']).where('user_id', '=', userId).orderBy('since').execute();

  /** A block as it would have been saved days ago: the API refuses to create one in the past. */
  async function buildPastBlock(userId: string, day: number, from: string, to: string): Promise<string> {
    const id = newId();
    const row = { id, user_id: userId, since: wallTime(t, day, from), until: wallTime(t, day, to), created_at: new Date().toISOString() };
    await t.db.insertInto('availability').values(row).execute();
    return id;
  }

  /** Runs `fn` with the server's clock `days` ahead, then puts it back (the app is shared by the file's tests). */
  async function daysLater(days: number, fn: () => Promise<void>) {
    t.clock.advance(days * DAY_MS);
    try {
      await fn();
    } finally {
      t.clock.advance(-days * DAY_MS);
    }
  }

  it('creates a block, lists it, moves it and deletes it; the stored rows follow', async () => {
    const ewa = await buildSignedInPromoter(t);
    const created = await create(ewa.token, wallTime(t, 2, '09:00'), wallTime(t, 2, '12:00'));
    expect(created.statusCode).toBe(200);
    const block = created.json().data.availability;
    expect(block).toEqual({ uuid: expect.any(String), since: { date: wallTime(t, 2, '09:00') }, until: { date: wallTime(t, 2, '12:00') } });
    expect(await storedBlocks(ewa.userId)).toEqual([{ id: block.uuid, since: wallTime(t, 2, '09:00'), until: wallTime(t, 2, '12:00') }]);

    const window = availabilityWindow(wallDay(t));
    const listed = await list(ewa.token, window.since, window.until);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.availability).toEqual([block]);

    const moved = await update(ewa.token, block.uuid, wallTime(t, 3, '14:00'), wallTime(t, 3, '18:30'));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.availability).toEqual({
      uuid: block.uuid,
      since: { date: wallTime(t, 3, '14:00') },
      until: { date: wallTime(t, 3, '18:30') },
    });
    expect(await storedBlocks(ewa.userId)).toEqual([{ id: block.uuid, since: wallTime(t, 3, '14:00'), until: wallTime(t, 3, '18:30') }]);

    const deleted = await remove(ewa.token, block.uuid);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({});
    expect(await storedBlocks(ewa.userId)).toEqual([]);
    expect((await list(ewa.token, window.since, window.until)).json().data.availability).toEqual([]);
  });

  it('the list shows only her blocks overlapping the window, earliest first', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const later = (await create(ewa.token, wallTime(t, 5, '10:00'), wallTime(t, 5, '12:00'))).json().data.availability;
    const sooner = (await create(ewa.token, wallTime(t, 1, '15:00'), wallTime(t, 1, '20:00'))).json().data.availability;
    const sameDay = (await create(ewa.token, wallTime(t, 5, '06:00'), wallTime(t, 5, '08:00'))).json().data.availability;
    await create(ewa.token, wallTime(t, 9, '10:00'), wallTime(t, 9, '12:00'));
    await create(ola.token, wallTime(t, 1, '09:00'), wallTime(t, 1, '12:00'));
    const yesterdays = await buildPastBlock(ewa.userId, -1, '09:00', '12:00');

    const answer = await list(ewa.token, wallTime(t, -1, '00:00'), wallTime(t, 5, '23:59'));
    expect(answer.json().data.availability.map((b: { uuid: string }) => b.uuid)).toEqual([
      yesterdays,
      sooner.uuid,
      sameDay.uuid,
      later.uuid,
    ]);
    // A block running across the window's start is in it; one ending at its start is not.
    const fromEleven = await list(ewa.token, wallTime(t, 5, '11:00'), wallTime(t, 5, '23:59'));
    expect(fromEleven.json().data.availability.map((b: { uuid: string }) => b.uuid)).toEqual([later.uuid]);
    const fromEight = await list(ewa.token, wallTime(t, 5, '08:00'), wallTime(t, 5, '09:00'));
    expect(fromEight.json().data.availability).toEqual([]);

    const olas = await list(ola.token, wallTime(t, -1, '00:00'), wallTime(t, 30, '23:59'));
    expect(olas.json().data.availability.map((b: { since: { date: string } }) => b.since.date)).toEqual([wallTime(t, 1, '09:00')]);
  });

  it('a list window ending before it starts, or longer than 100 days, is refused', async () => {
    const ewa = await buildSignedInPromoter(t);
    const backwards = await list(ewa.token, wallTime(t, 3, '00:00'), wallTime(t, 2, '00:00'));
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards)).toBe('E_VALIDATION');
    const tooLong = await list(ewa.token, wallTime(t, 0, '00:00'), wallTime(t, 101, '00:00'));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toBe('E_VALIDATION');
    // The calendar's own window always fits.
    const window = availabilityWindow(wallDay(t));
    expect((await list(ewa.token, window.since, window.until)).statusCode).toBe(200);
  });

  it('refuses a block outside 06:00–22:00, ending before it starts, spanning two days, in the past or beyond the window', async () => {
    const ewa = await buildSignedInPromoter(t);
    const lastDay = availabilityWindow(wallDay(t)).until.slice(0, 10);
    const cases: [string, string, string][] = [
      [wallTime(t, 1, '05:00'), wallTime(t, 1, '09:00'), 'E_AVAILABILITY_OUTSIDE_HOURS'],
      [wallTime(t, 1, '05:59'), wallTime(t, 1, '07:00'), 'E_AVAILABILITY_OUTSIDE_HOURS'],
      [wallTime(t, 1, '20:00'), wallTime(t, 1, '22:30'), 'E_AVAILABILITY_OUTSIDE_HOURS'],
      [wallTime(t, 1, '12:00'), wallTime(t, 1, '12:00'), 'E_AVAILABILITY_END_NOT_AFTER_START'],
      [wallTime(t, 1, '12:00'), wallTime(t, 1, '09:00'), 'E_AVAILABILITY_END_NOT_AFTER_START'],
      [wallTime(t, 1, '12:00'), wallTime(t, 2, '09:00'), 'E_AVAILABILITY_SPANS_DAYS'],
      [wallTime(t, -1, '09:00'), wallTime(t, -1, '12:00'), 'E_AVAILABILITY_IN_PAST'],
      [wallTime(t, 100, '09:00'), wallTime(t, 100, '12:00'), 'E_AVAILABILITY_OUTSIDE_WINDOW'],
    ];
    for (const [since, until, code] of cases) {
      const res = await create(ewa.token, since, until);
      expect(res.statusCode, `${since}–${until}`).toBe(422);
      expect(errorOf(res), `${since}–${until}`).toBe(code);
    }
    expect(await storedBlocks(ewa.userId)).toEqual([]);

    // The edges are allowed: the whole 06:00–22:00 day, and the window's last day.
    expect((await create(ewa.token, wallTime(t, 1, '06:00'), wallTime(t, 1, '22:00'))).statusCode).toBe(200);
    expect((await create(ewa.token, `${lastDay} 06:00:00`, `${lastDay} 07:00:00`)).statusCode).toBe(200);
    expect(await storedBlocks(ewa.userId)).toHaveLength(2);
  });

  it('refuses a block overlapping another of hers; touching ends are allowed; another promoter does not count', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    expect((await create(ewa.token, wallTime(t, 2, '09:00'), wallTime(t, 2, '12:00'))).statusCode).toBe(200);
    for (const [from, to] of [
      ['11:00', '13:00'],
      ['08:00', '09:30'],
      ['08:00', '13:00'],
      ['10:00', '11:00'],
      ['09:00', '12:00'],
    ] as const) {
      const res = await create(ewa.token, wallTime(t, 2, from), wallTime(t, 2, to));
      expect(res.statusCode, `${from}–${to}`).toBe(409);
      expect(errorOf(res), `${from}–${to}`).toBe('E_AVAILABILITY_OVERLAP');
    }
    expect((await create(ewa.token, wallTime(t, 2, '12:00'), wallTime(t, 2, '15:00'))).statusCode).toBe(200);
    expect((await create(ewa.token, wallTime(t, 2, '06:00'), wallTime(t, 2, '09:00'))).statusCode).toBe(200);
    expect((await create(ola.token, wallTime(t, 2, '10:00'), wallTime(t, 2, '11:00'))).statusCode).toBe(200);
    expect((await storedBlocks(ewa.userId)).map((b) => [b.since.slice(11, 16), b.until.slice(11, 16)])).toEqual([
      ['06:00', '09:00'],
      ['09:00', '12:00'],
      ['12:00', '15:00'],
    ]);
  });

  it('moving a block follows the create rules, ignores the block itself and refuses to cover another', async () => {
    const ewa = await buildSignedInPromoter(t);
    const morning = (await create(ewa.token, wallTime(t, 2, '09:00'), wallTime(t, 2, '12:00'))).json().data.availability;
    await create(ewa.token, wallTime(t, 2, '14:00'), wallTime(t, 2, '16:00'));

    // Longer over its own old hours, up to the next block's start.
    expect((await update(ewa.token, morning.uuid, wallTime(t, 2, '08:00'), wallTime(t, 2, '14:00'))).statusCode).toBe(200);
    const overlap = await update(ewa.token, morning.uuid, wallTime(t, 2, '08:00'), wallTime(t, 2, '15:00'));
    expect(errorOf(overlap)).toBe('E_AVAILABILITY_OVERLAP');
    expect(errorOf(await update(ewa.token, morning.uuid, wallTime(t, 2, '08:00'), wallTime(t, 2, '23:00')))).toBe(
      'E_AVAILABILITY_OUTSIDE_HOURS',
    );
    expect(errorOf(await update(ewa.token, morning.uuid, wallTime(t, -1, '08:00'), wallTime(t, -1, '10:00')))).toBe(
      'E_AVAILABILITY_IN_PAST',
    );
    expect(errorOf(await update(ewa.token, morning.uuid, wallTime(t, 2, '10:00'), wallTime(t, 2, '09:00')))).toBe(
      'E_AVAILABILITY_END_NOT_AFTER_START',
    );
    expect(errorOf(await update(ewa.token, morning.uuid, wallTime(t, 100, '10:00'), wallTime(t, 100, '12:00')))).toBe(
      'E_AVAILABILITY_OUTSIDE_WINDOW',
    );
    expect((await storedBlocks(ewa.userId)).find((b) => b.id === morning.uuid)).toEqual({
      id: morning.uuid,
      since: wallTime(t, 2, '08:00'),
      until: wallTime(t, 2, '14:00'),
    });
  });

  it("another promoter's or an unknown uuid is not found for update and delete, and her block stays", async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const block = (await create(ewa.token, wallTime(t, 3, '09:00'), wallTime(t, 3, '12:00'))).json().data.availability;
    for (const res of [
      await update(ola.token, block.uuid, wallTime(t, 4, '09:00'), wallTime(t, 4, '12:00')),
      await remove(ola.token, block.uuid),
      await update(ewa.token, newId(), wallTime(t, 4, '09:00'), wallTime(t, 4, '12:00')),
      await remove(ewa.token, newId()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('E_AVAILABILITY_NOT_FOUND');
    }
    expect(await storedBlocks(ewa.userId)).toEqual([{ id: block.uuid, since: wallTime(t, 3, '09:00'), until: wallTime(t, 3, '12:00') }]);
    expect(await storedBlocks(ola.userId)).toEqual([]);
    expect((await list(ola.token, wallTime(t, 0, '00:00'), wallTime(t, 30, '23:59'))).json().data.availability).toEqual([]);
  });

  it('a block that has ended is history: it can be neither moved nor deleted; one still running can be deleted', async () => {
    const ewa = await buildSignedInPromoter(t);
    const yesterdays = await buildPastBlock(ewa.userId, -1, '09:00', '12:00');
    expect(errorOf(await remove(ewa.token, yesterdays))).toBe('E_AVAILABILITY_IN_PAST');
    expect(errorOf(await update(ewa.token, yesterdays, wallTime(t, 2, '09:00'), wallTime(t, 2, '12:00')))).toBe('E_AVAILABILITY_IN_PAST');

    // Made ahead of time through the API; two days later it has ended.
    const ended = (await create(ewa.token, wallTime(t, 1, '06:00'), wallTime(t, 1, '07:00'))).json().data.availability;
    await daysLater(2, async () => {
      expect(errorOf(await remove(ewa.token, ended.uuid))).toBe('E_AVAILABILITY_IN_PAST');
      expect(errorOf(await update(ewa.token, ended.uuid, wallTime(t, 1, '09:00'), wallTime(t, 1, '12:00')))).toBe('E_AVAILABILITY_IN_PAST');
    });

    // Started an hour ago, ends in an hour (stored directly: the test may run at any time of day).
    const hour = 3_600_000;
    const running = newId();
    const wall = (ms: number) => toWallClock(new Date(t.clock.now().getTime() + ms), t.config.timezone);
    await t.db
      .insertInto('availability')
      .values({ id: running, user_id: ewa.userId, since: wall(-hour), until: wall(hour), created_at: new Date().toISOString() })
      .execute();
    expect((await remove(ewa.token, running)).statusCode).toBe(200);
    expect((await storedBlocks(ewa.userId)).map((b) => b.id).sort()).toEqual([yesterdays, ended.uuid].sort());
  });

  it('of overlapping blocks sent at once, exactly one is saved', async () => {
    // Requests reach the handler one by one when the machine is busy; a gate holds them until all have
    // passed authentication, so that their transactions really run side by side.
    const gate = releaseTogether(CONCURRENT);
    const raced = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate) });
    try {
      const ewa = await buildSignedInPromoter(raced);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          post(
            raced.app,
            '/availability/create',
            { availability: { since: wallTime(raced, 4, `10:${String(i * 2).padStart(2, '0')}`), until: wallTime(raced, 4, '13:00') } },
            ewa.token,
          ),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode !== 200).map(errorOf)).toEqual(Array(CONCURRENT - 1).fill('E_AVAILABILITY_OVERLAP'));
      const saved = answers.find((a) => a.statusCode === 200)!.json().data.availability;
      const stored = await raced.db.selectFrom('availability').select(['id', 'since', 'until']).where('user_id', '=', ewa.userId).execute();
      expect(stored).toEqual([{ id: saved.uuid, since: saved.since.date, until: saved.until.date }]);
    } finally {
      await raced.close();
    }
  });

  it('a retried create with the same Idempotency-Key answers the first answer and saves one block', async () => {
    const ewa = await buildSignedInPromoter(t);
    const headers = { 'idempotency-key': `availability-${newId()}` };
    const first = await create(ewa.token, wallTime(t, 6, '09:00'), wallTime(t, 6, '17:00'), headers);
    const retry = await create(ewa.token, wallTime(t, 6, '09:00'), wallTime(t, 6, '17:00'), headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(await storedBlocks(ewa.userId)).toHaveLength(1);
    // Without the key the same block is a second request, and overlaps the first.
    expect(errorOf(await create(ewa.token, wallTime(t, 6, '09:00'), wallTime(t, 6, '17:00')))).toBe('E_AVAILABILITY_OVERLAP');
  });

  it('bad bodies are refused with E_VALIDATION', async () => {
    const ewa = await buildSignedInPromoter(t);
    const day = wallDay(t, 2);
    for (const [url, body] of [
      ['/availability/create', {}],
      ['/availability/create', { availability: { since: `${day} 09:00:00` } }],
      ['/availability/create', { availability: { since: `${day}T09:00:00`, until: `${day}T12:00:00` } }],
      ['/availability/create', { availability: { since: `${day} 09:00`, until: `${day} 12:00` } }],
      ['/availability/create', { availability: { since: '2027-02-30 09:00:00', until: '2027-02-30 12:00:00' } }],
      ['/availability/create', { availability: { since: 9, until: 12 } }],
      ['/availability/update', { availability: { since: `${day} 09:00:00`, until: `${day} 12:00:00` } }],
      ['/availability/update', { availability: { uuid: '', since: `${day} 09:00:00`, until: `${day} 12:00:00` } }],
      ['/availability/delete', { availability: {} }],
      ['/availability/delete', { availability: { uuid: 'x'.repeat(65) } }],
      ['/availability/list', { availability: { since: day } }],
    ] as const) {
      const res = await post(t.app, url, body, ewa.token);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(res)).toBe('E_VALIDATION');
    }
    expect(await storedBlocks(ewa.userId)).toEqual([]);
  });

  it('every availability route needs a token', async () => {
    for (const url of ['/availability/list', '/availability/create', '/availability/update', '/availability/delete']) {
      const res = await post(t.app, url, {});
      expect(res.statusCode, url).toBe(401);
    }
  });
});
