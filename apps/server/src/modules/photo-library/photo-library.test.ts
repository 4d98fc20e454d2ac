import { toWallClock } from '@promotor/contract/wall-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/crypto.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { buildEvent, buildSignedInPromoter } from '../../test/builders.ts';
import { buildPhoto } from '../../test/files.ts';
import { buildReport, markApproved, storeReportImage, type BuiltReport } from '../../test/reviews.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';

// 'Zdjęcia' (issue 38, decision 138): every start, end and survey photo of the reports in the
// caller's scope, newest first, filtered, paged by key; the brand's client sees approved reports'
// photos only and nobody's code.
describe.each(testDatabases)('the photo library (%s)', (dialect) => {
  let t: TestApp;
  let waw: string;
  let krk: string;
  let admin: { token: string };
  let coordinator: { token: string };
  let krakow: { token: string };
  let client: { token: string };
  let privacy: { token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    waw = await buildTerritory(t, 'WAW');
    krk = await buildTerritory(t, 'KRK');
    admin = await buildSignedInStaff(t, { roles: ['admin'] });
    coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [waw] });
    krakow = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [krk] });
    client = await buildSignedInStaff(t, { roles: ['client'] });
    privacy = await buildSignedInStaff(t, { roles: ['privacy'] });
  });
  afterAll(() => t.close());

  type Photo = { uuid: string; kind: string; takenAt: string; promoter: string | null; flags: string[]; event: { ident: string } };
  type Page = { photos: Photo[]; next: string | null };
  const list = async (token: string, body: Record<string, unknown>) => {
    const res = await post(t.app, '/admin/photos/list', body, token);
    return { status: res.statusCode, error: res.json().data.error as string | undefined, page: res.json().data as Page };
  };
  const uuids = (page: Page) => page.photos.map((p) => p.uuid);

  /** A photo of her report as the app stores it, stored at this APP_TIMEZONE wall time. */
  async function addPhoto(report: BuiltReport, ident: 'bereal_start' | 'bereal_end' | 'start' | 'end', wall: string): Promise<string> {
    const id = newId();
    const position = (await t.db.selectFrom('action_files').select('id').where('action_id', '=', report.action.uuid).execute()).length;
    await t.db
      .insertInto('action_files')
      .values({
        id,
        action_id: report.action.uuid,
        user_id: report.promoter.userId,
        ident,
        position,
        blob_key: `${id}.jpg`,
        content_type: 'image/jpeg',
        size: 1,
        created_at: instantOfWall(wall, t.config.timezone).toISOString(),
      })
      .execute();
    return id;
  }

  async function flag(report: BuiltReport, photo: string, kind: string, explained = false) {
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('integrity_flags')
      .values({
        id: newId(),
        action_id: report.action.uuid,
        user_id: report.promoter.userId,
        kind: kind as 'photo_reused',
        subject: kind.startsWith('photo_') ? photo : '',
        evidence: '{}',
        raised_at: at,
        explained_at: explained ? at : null,
        explained_by: null,
        explanation: explained ? 'Sprawdzone' : null,
      })
      .execute();
  }

  it('lists start, end and survey photos newest first by their APP_TIMEZONE day, each filter narrowing them', async () => {
    const event = await buildEvent(t, { ident: 'LIB-EVENT' });
    const a = await buildReport(t, waw);
    const b = await buildReport(t, waw, { eventId: event, points: 2 });
    const start = await addPhoto(a, 'bereal_start', '2031-03-10 08:05:00');
    const survey = await addPhoto(a, 'start', '2031-03-10 12:00:00');
    const end = await addPhoto(b, 'bereal_end', '2031-03-10 23:30:00');
    // The next day in Warsaw, though the same day in UTC: out of the range.
    await addPhoto(b, 'end', '2031-03-11 00:30:00');
    const day = { from: '2031-03-10', to: '2031-03-10', territory: waw };

    const all = await list(coordinator.token, day);
    expect(all.status).toBe(200);
    expect(all.page.photos.map((p) => [p.uuid, p.kind, p.takenAt, p.promoter])).toEqual([
      [end, 'end', '2031-03-10 23:30:00', b.promoter.ident],
      [survey, 'survey', '2031-03-10 12:00:00', a.promoter.ident],
      [start, 'start', '2031-03-10 08:05:00', a.promoter.ident],
    ]);
    expect(all.page.next).toBeNull();
    expect(uuids((await list(coordinator.token, { ...day, kind: 'survey' })).page)).toEqual([survey]);
    expect(uuids((await list(coordinator.token, { ...day, kind: 'start' })).page)).toEqual([start]);
    expect(uuids((await list(coordinator.token, { ...day, promoter: a.promoter.ident })).page)).toEqual([survey, start]);
    expect(uuids((await list(coordinator.token, { ...day, event: 'LIB-EVENT' })).page)).toEqual([end]);
    expect(uuids((await list(coordinator.token, { ...day, point: { uuid: a.action.points[0] } })).page)).toEqual([survey, start]);
    expect(uuids((await list(admin.token, { ...day, territory: krk })).page)).toEqual([]);
    expect(uuids((await list(coordinator.token, { ...day, to: '2031-03-11' })).page)).toHaveLength(4);
  });

  it('pages by key: every photo once, ties of one time in a stable order, the last page without a next; a made-up key is 400', async () => {
    const report = await buildReport(t, waw);
    const stored: string[] = [];
    for (let i = 0; i < 4; i++) stored.push(await addPhoto(report, 'bereal_start', `2031-04-02 10:0${i}:00`));
    // Three stored in one request share their time.
    for (let i = 0; i < 3; i++) stored.push(await addPhoto(report, 'start', '2031-04-02 11:00:00'));
    const filter = { from: '2031-04-02', to: '2031-04-02', pageSize: 3 };
    const seen: string[] = [];
    let after: string | undefined;
    const sizes: number[] = [];
    do {
      const { status, page } = await list(coordinator.token, { ...filter, ...(after ? { after } : {}) });
      expect(status).toBe(200);
      sizes.push(page.photos.length);
      seen.push(...uuids(page));
      after = page.next ?? undefined;
    } while (after);
    expect(sizes).toEqual([3, 3, 1]);
    expect([...seen].sort()).toEqual([...stored].sort());
    expect(seen.slice(0, 3).sort()).toEqual(stored.slice(4).sort());
    const bad = await list(coordinator.token, { ...filter, after: 'bm90IGEga2V5' });
    expect([bad.status, bad.error]).toEqual([400, 'E_VALIDATION']);
  });

  it("another territory's coordinator sees none of them; an unfinished report's photos are not listed", async () => {
    const report = await buildReport(t, waw);
    await addPhoto(report, 'bereal_start', '2031-05-05 09:00:00');
    const started = await buildReport(t, waw, { status: 'started' });
    await addPhoto(started, 'bereal_start', '2031-05-05 09:30:00');
    const day = { from: '2031-05-05', to: '2031-05-05' };
    expect((await list(krakow.token, day)).page.photos).toEqual([]);
    expect((await list(krakow.token, { ...day, territory: 'WAW' })).page.photos).toEqual([]);
    expect((await list(coordinator.token, day)).page.photos).toHaveLength(1);
  });

  it("the client sees approved reports' photos only and no one's code, may not filter by her, and gets the listed photo's thumbnail", async () => {
    const waiting = await buildReport(t, waw);
    await addPhoto(waiting, 'bereal_start', '2031-06-01 09:00:00');
    const approved = await buildReport(t, waw);
    const photo = await addPhoto(approved, 'bereal_end', '2031-06-01 18:00:00');
    await markApproved(t, approved);
    const day = { from: '2031-06-01', to: '2031-06-01' };

    const seen = await list(client.token, day);
    expect(seen.page.photos.map((p) => [p.uuid, p.promoter])).toEqual([[photo, null]]);
    expect(JSON.stringify(seen.page)).not.toContain(approved.promoter.ident);
    const byPromoter = await list(client.token, { ...day, promoter: approved.promoter.ident });
    expect([byPromoter.status, byPromoter.error]).toEqual([403, 'E_FORBIDDEN']);
    expect((await list(coordinator.token, day)).page.photos).toHaveLength(2);

    // What the page shows of a listed photo: its thumbnail and the full photo, for the client too.
    const today = toWallClock(t.clock.now(), t.config.timezone).slice(0, 10);
    const shown = await buildReport(t, waw);
    const stored = await storeReportImage(t, shown, 'photo', buildPhoto());
    await markApproved(t, shown);
    expect(uuids((await list(client.token, { from: today, to: today })).page)).toContain(stored);
    const thumbnail = await post(t.app, '/admin/reports/file-thumbnail', { file: { uuid: stored } }, client.token);
    const full = await post(t.app, '/admin/reports/file', { file: { uuid: stored } }, client.token);
    expect([thumbnail.statusCode, full.statusCode]).toEqual([200, 200]);
  });

  it("'Tylko oznaczone' lists the photos with an open photo flag, each with its flags; an explained one or a position flag does not count", async () => {
    const report = await buildReport(t, waw);
    const reused = await addPhoto(report, 'bereal_start', '2031-07-01 09:00:00');
    const explained = await addPhoto(report, 'bereal_end', '2031-07-01 17:00:00');
    const plain = await addPhoto(report, 'start', '2031-07-01 12:00:00');
    await flag(report, reused, 'photo_reused');
    await flag(report, reused, 'photo_blank');
    await flag(report, explained, 'photo_similar', true);
    await flag(report, plain, 'check_in_far');
    const day = { from: '2031-07-01', to: '2031-07-01' };

    const flagged = await list(coordinator.token, { ...day, flagged: true });
    expect(flagged.page.photos.map((p) => [p.uuid, p.flags])).toEqual([[reused, ['photo_blank', 'photo_reused']]]);
    const all = await list(coordinator.token, day);
    expect(all.page.photos.map((p) => p.flags)).toEqual([[], [], ['photo_blank', 'photo_reused']]);
  });

  it('the privacy officer may not open it (403); a range ending before it starts is 400', async () => {
    const refused = await list(privacy.token, { from: '2031-01-01', to: '2031-01-31' });
    expect([refused.status, refused.error]).toEqual([403, 'E_FORBIDDEN']);
    const backwards = await list(admin.token, { from: '2031-01-31', to: '2031-01-01' });
    expect([backwards.status, backwards.error]).toEqual([400, 'E_VALIDATION']);
  });

  it('a promoter of a territory with no reports is not a way in: an unknown promoter or point lists nothing', async () => {
    const stranger = await buildSignedInPromoter(t, { territories: [krk] });
    const day = { from: '2031-01-01', to: '2031-12-31' };
    expect((await list(coordinator.token, { ...day, promoter: stranger.ident })).page.photos).toEqual([]);
    expect((await list(coordinator.token, { ...day, point: { uuid: newId() } })).page.photos).toEqual([]);
  });
});
