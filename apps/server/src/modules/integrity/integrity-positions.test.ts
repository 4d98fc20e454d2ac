import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInPromoter } from '../../test/builders.ts';
import { buildActionAt, checkInFrom, flagsOn, kindsOf, ping, sendPing } from '../../test/integrity.ts';
import { checkIn, checkOut } from '../../test/action-steps.ts';
import { PKIN, north } from '../../test/live.ts';
import { raceSame, requestGate, serverErrors } from '../../test/races.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

// Issue 38 (decision 138): the position signals as her phone's data arrives, ordered by when she
// tapped or the fix was taken — out of order and after offline gaps too.

const MIN = 60_000;
/** A few metres of GPS noise around a position, the same for a given n. */
const jitter = (n: number) => north(PKIN, ((n * 37) % 61) - 30);

describe.each(testDatabases)('was she there: the position signals (%s)', (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());

  /** Her check-in from `at`; accuracy null: an old client that does not send it. */
  async function started(at = PKIN, accuracy: number | null = 35) {
    const her = await buildSignedInPromoter(t);
    const action = await buildActionAt(t, her);
    await checkInFrom(t, her.token, action, at, accuracy ?? undefined);
    return { her, action };
  }

  it('an honest day indoors (accuracy 20–80 m, noise, an offline gap sent late and out of order) raises nothing', async () => {
    const { her, action } = await started(north(PKIN, 60), 45);
    for (let i = 0; i < 6; i++) {
      t.clock.advance(5 * MIN);
      await ping(t, her.token, action, jitter(i), { accuracy: 20 + i * 12 });
    }
    // Offline for 40 minutes: the outbox sends them at once, newest first.
    t.clock.advance(40 * MIN);
    for (const ago of [0, 10, 30, 20]) await ping(t, her.token, action, jitter(ago), { accuracy: 25 + ago, agoMs: ago * MIN });
    expect((await checkOut(t.app, her.token, action, {}, { location: jitter(99) })).statusCode).toBe(200);
    expect(await flagsOn(t, action, her)).toEqual([]);
  });

  it('the check-in keeps the accuracy her phone reported; a negative or huge one is 400 E_VALIDATION', async () => {
    const her = await buildSignedInPromoter(t);
    const action = await buildActionAt(t, her);
    for (const accuracy of [-1, 100_001]) {
      const res = await checkIn(t.app, her.token, action, { location: { ...PKIN, accuracy } });
      expect([res.statusCode, res.json().data.error]).toEqual([400, 'E_VALIDATION']);
    }
    await checkInFrom(t, her.token, action, PKIN, 42.5);
    const event = await t.db
      .selectFrom('action_status_events')
      .select('accuracy')
      .where('action_id', '=', action.uuid)
      .executeTakeFirstOrThrow();
    expect(event.accuracy).toBe(42.5);
  });

  it('a check-in 820 m from the point, accuracy 35 m: check_in_far with its numbers and the point', async () => {
    const { her, action } = await started(north(PKIN, 820), 35);
    const [flag] = await flagsOn(t, action, her);
    expect(flag).toMatchObject({ kind: 'check_in_far', evidence: { distanceMeters: 820, accuracyMeters: 35 } });
    expect(flag!.evidence.point).toMatchObject({ ...PKIN, name: 'Punkt 1' });
  });

  it('a check-in 200 m away with an accuracy of 120 m is within twice her accuracy: only weak_fix, as weak evidence', async () => {
    const { her, action } = await started(north(PKIN, 200), 120);
    expect(kindsOf(await flagsOn(t, action, her))).toEqual(['weak_fix']);
  });

  it('an old client without accuracy, at the point, raises nothing; 400 m away, check_in_far', async () => {
    const near = await started(north(PKIN, 100), null);
    expect(await flagsOn(t, near.action, near.her)).toEqual([]);
    const far = await started(north(PKIN, 400), null);
    expect(kindsOf(await flagsOn(t, far.action, far.her))).toEqual(['check_in_far']);
  });

  it('a teleport shown by a fix that arrived late: ordered by when it was taken, not by arrival', async () => {
    const { her, action } = await started();
    t.clock.advance(25 * MIN);
    // Taken 25 min after the check-in, 30 km away; the fix taken 5 min before it, at the point, arrives after it.
    await ping(t, her.token, action, north(PKIN, 30_000), { accuracy: 20 });
    expect(await flagsOn(t, action, her)).toEqual([]);
    await ping(t, her.token, action, PKIN, { accuracy: 20, agoMs: 5 * MIN });
    const flags = await flagsOn(t, action, her);
    expect(kindsOf(flags)).toEqual(['teleport ping>ping']);
    expect(flags[0]!.evidence).toMatchObject({ distanceMeters: 30_000, minutes: 5, speedKmh: 360 });
  });

  it('after an offline gap of over 30 minutes, a fix far away is no teleport', async () => {
    const { her, action } = await started();
    t.clock.advance(45 * MIN);
    await ping(t, her.token, action, north(PKIN, 20_000), { accuracy: 20 });
    expect(kindsOf(await flagsOn(t, action, her))).not.toContain('teleport');
  });

  it('five identical fixes in a row are frozen; four are not', async () => {
    const { her, action } = await started(PKIN, 30);
    const spot = north(PKIN, 10);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(5 * MIN);
      await ping(t, her.token, action, spot, { accuracy: 20 + i });
    }
    t.clock.advance(5 * MIN);
    await ping(t, her.token, action, spot, { accuracy: 40 });
    expect(await flagsOn(t, action, her)).toEqual([]);
    t.clock.advance(5 * MIN);
    await ping(t, her.token, action, spot, { accuracy: 41 });
    const [flag] = await flagsOn(t, action, her);
    expect(flag).toMatchObject({ kind: 'frozen_fixes', subject: 'identical', evidence: { frozen: 'identical', count: 5 } });
  });

  it('an accuracy of exactly 0, and one accuracy all day, are synthetic', async () => {
    const { her, action } = await started(PKIN, 5);
    for (let i = 0; i < 9; i++) {
      t.clock.advance(5 * MIN);
      await ping(t, her.token, action, jitter(i), { accuracy: 5 });
    }
    expect(kindsOf(await flagsOn(t, action, her))).toEqual(['frozen_fixes same_accuracy']);
    t.clock.advance(5 * MIN);
    await ping(t, her.token, action, jitter(50), { accuracy: 0 });
    // The zero breaks 'one accuracy all day', which is withdrawn; the zero itself is flagged.
    expect(kindsOf(await flagsOn(t, action, her))).toEqual(['frozen_fixes zero_accuracy']);
  });

  it('a tap time or a fix in the server future is clock skew, with the seconds', async () => {
    const her = await buildSignedInPromoter(t);
    const action = await buildActionAt(t, her);
    const ahead = new Date(t.clock.now().getTime() + 10 * MIN).toISOString();
    await checkInFrom(t, her.token, action, PKIN, 30, { tappedAt: ahead });
    await ping(t, her.token, action, PKIN, { accuracy: 30, agoMs: -8 * MIN });
    const flags = await flagsOn(t, action, her);
    expect(flags.map((f) => [f.subject, f.evidence.skewSeconds])).toEqual([
      ['ahead', 480],
      ['tap_ahead', 600],
    ]);
  });

  it('pings sent online with a steady lag over 5 minutes are a clock behind; an outbox flush is not', async () => {
    const { her, action } = await started();
    for (const ago of [12, 9, 6]) await ping(t, her.token, action, jitter(ago), { agoMs: ago * MIN });
    expect(await flagsOn(t, action, her)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(5 * MIN);
      await ping(t, her.token, action, jitter(i), { agoMs: 7 * MIN });
    }
    const [flag] = await flagsOn(t, action, her);
    expect(flag).toMatchObject({ kind: 'clock_skew', subject: 'behind', evidence: { skewSeconds: -420, count: 3 } });
  });

  it('away from the point for 40 minutes is left_point; a late fix at the point inside that gap withdraws it', async () => {
    const { her, action } = await started();
    t.clock.advance(5 * MIN);
    await ping(t, her.token, action, north(PKIN, 2_000));
    t.clock.advance(40 * MIN);
    await ping(t, her.token, action, north(PKIN, 2_100));
    const [flag] = await flagsOn(t, action, her);
    expect(flag).toMatchObject({ kind: 'left_point', evidence: { minutes: 40, distanceMeters: 2_100 } });
    await ping(t, her.token, action, PKIN, { agoMs: 20 * MIN });
    expect(await flagsOn(t, action, her)).toEqual([]);
  });

  it("her day repeating an earlier day's fixes at the same point is a replayed track; fixes of her own, or the track at another point, are not", async () => {
    // A recorded day at the point: ten fixes a few metres apart, each its own coordinates.
    const track = Array.from({ length: 10 }, (_, i) => north(PKIN, 3.13 + i * 4.71));
    const first = await started(track[0], 30);
    for (const [i, spot] of track.entries()) {
      t.clock.advance(5 * MIN);
      await ping(t, first.her.token, first.action, spot, { accuracy: 25 + i });
    }
    expect(await flagsOn(t, first.action, first.her)).toEqual([]);
    // A week later the same numbers come back, from another promoter's phone: a track played back.
    t.clock.advance(7 * 24 * 60 * MIN);
    const replay = await started(track[0], 30);
    for (const [i, spot] of track.entries()) {
      t.clock.advance(5 * MIN);
      await ping(t, replay.her.token, replay.action, spot, { accuracy: 31 + i });
    }
    const flags = await flagsOn(t, replay.action, replay.her);
    expect(kindsOf(flags)).toEqual(['frozen_fixes replayed']);
    expect(flags[0]!.evidence).toMatchObject({
      frozen: 'replayed',
      // Raised at the 8th repeated fix; a flag is raised once, with the evidence of that moment.
      count: 8,
      replayOf: { action: { uuid: first.action.uuid }, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    // The same track at another point is not this point's replay (its distance says what it is).
    const elsewhere = await buildSignedInPromoter(t);
    const there = await buildActionAt(t, elsewhere, north(PKIN, 30_000));
    await t.db.updateTable('action_points').set({ name: 'Sklep na Pradze' }).where('id', '=', there.points[0]!).execute();
    await checkInFrom(t, elsewhere.token, there, track[0]!, 30);
    for (const [i, spot] of track.entries()) {
      t.clock.advance(5 * MIN);
      await ping(t, elsewhere.token, there, spot, { accuracy: 25 + i });
    }
    expect(kindsOf(await flagsOn(t, there, elsewhere))).not.toContain('frozen_fixes replayed');
  });

  it('computing again as more data arrives raises nothing twice', async () => {
    const { her, action } = await started(north(PKIN, 900), 30);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(MIN);
      await ping(t, her.token, action, jitter(i));
    }
    const rows = await t.db.selectFrom('integrity_flags').select('kind').where('action_id', '=', action.uuid).execute();
    expect(rows.map((r) => r.kind)).toEqual(['check_in_far']);
  });

  it('ten pings at once, some of them a teleport: every one 200, each flag once', async () => {
    const { her, action } = await started();
    const n = 10;
    t.clock.advance(n * MIN);
    gate.together(['/action/location/save'], n);
    const answers = await raceSame(n, (i) =>
      sendPing(t, her.token, action, i % 2 === 0 ? PKIN : north(PKIN, 50_000), { accuracy: 20 + i, agoMs: (n - i) * MIN }),
    );
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const flags = await flagsOn(t, action, her);
    const keys = flags.map((f) => `${f.kind}/${f.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Taken a minute apart, every other one 50 km away: each of the 9 pairs of pings is a teleport.
    expect(flags.filter((f) => f.kind === 'teleport')).toHaveLength(n - 1);
  });
});
