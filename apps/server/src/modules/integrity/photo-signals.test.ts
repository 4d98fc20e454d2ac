import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildPoint, buildSignedInPromoter } from '../../test/builders.ts';
import { buildAlteredCopy, buildBlankPhoto, buildJpeg, buildReshotCopy, buildScene, uploadPhotos } from '../../test/files.ts';
import { buildSignedInStaff, buildTerritory } from '../../test/admin-builders.ts';
import { checkIn, checkOut } from '../../test/action-steps.ts';
import { placeInTerritory, requestChanges } from '../../test/reviews.ts';
import { buildPoint as buildRegisterPoint } from '../../test/points.ts';
import { raceSame, serverErrors } from '../../test/races.ts';
import { backfillFingerprints } from './integrity-photos.service.ts';
import { BLANK_PHOTO_MAX_SPREAD, SIMILAR_PHOTO_MAX_BITS } from './integrity-thresholds.ts';
import { hashDistance } from './photo-fingerprints.ts';

// Issue 38 (decision 138): photo_reused, photo_similar and photo_blank, raised as the photos arrive.
describe.each(testDatabases)('photo signals (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // Each test's scenes are its own: every builder's action stands at the same default point.
  let nextSeed = 1000;
  const newScene = () => buildScene((nextSeed += 1));
  /** An action at a point of its own (by name and address), unless `at` names another's. */
  const ownPoint = () => [{ ...buildPoint(1), name: `Sklep ${randomBytes(3).toString('hex')}` }];

  type Promoter = Awaited<ReturnType<typeof buildSignedInPromoter>>;
  /** Her start photos (front, rear) for a new action of hers; answers the photos' ids. */
  async function startPhotos(who: Promoter, front: Buffer, rear: Buffer, points = ownPoint()) {
    const action = await buildAction(t, who, { points });
    t.clock.advance(60_000);
    const res = await uploadPhotos(t.app, who.token, { action: { uuid: action.uuid }, ident: 'bereal_start' }, [front, rear]);
    expect(res.statusCode).toBe(200);
    const [f, r] = res.json().data.files as { uuid: string }[];
    return { action, front: f!.uuid, rear: r!.uuid };
  }
  const flagsOf = (fileId: string) =>
    t.db.selectFrom('integrity_flags').select(['kind', 'evidence', 'action_id', 'user_id']).where('subject', '=', fileId).execute();
  const kindsOf = async (fileId: string) => (await flagsOf(fileId)).map((f) => f.kind).sort();
  const evidenceOf = async (fileId: string, kind: string) => {
    const flag = (await flagsOf(fileId)).find((f) => f.kind === kind);
    return flag ? JSON.parse(flag.evidence) : null;
  };

  it('each photo gets the hash of its bytes, its perceptual hash and its spread; bytes no library reads get the hash alone', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    const unreadable = buildJpeg();
    const { front, rear } = await startPhotos(ewa, scene, unreadable);
    const row = (id: string) =>
      t.db.selectFrom('action_files').select(['sha256', 'dhash', 'spread']).where('id', '=', id).executeTakeFirstOrThrow();
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(await row(front)).toEqual({ sha256: sha(scene), dhash: expect.stringMatching(/^[0-9a-f]{16}$/), spread: expect.any(Number) });
    // Far from a blank photo's: scenes' spreads run from 17 to 50 (seeds 1001–1060; the tests' order picks the seed).
    expect((await row(front)).spread).toBeGreaterThan(2 * BLANK_PHOTO_MAX_SPREAD);
    expect(await row(rear)).toEqual({ sha256: sha(unreadable), dhash: null, spread: null });
  });

  it('honest photos of different scenes, at the same point and by other promoters, raise nothing', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const shop = ownPoint();
    const first = await startPhotos(ewa, await newScene(), await newScene(), shop);
    const second = await startPhotos(ewa, await newScene(), await newScene(), shop);
    const hers = await startPhotos(ola, await newScene(), await newScene(), shop);
    for (const photo of [first, second, hers].flatMap((s) => [s.front, s.rear])) expect(await kindsOf(photo)).toEqual([]);
  });

  it('the same bytes again, hers or another promoter’s, are photo_reused naming the first photo', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const scene = await newScene();
    const original = await startPhotos(ewa, scene, await newScene());
    const again = await startPhotos(ewa, await newScene(), scene);
    const olas = await startPhotos(ola, scene, await newScene());
    expect(await kindsOf(original.front)).toEqual([]);
    expect(await kindsOf(again.rear)).toEqual(['photo_reused']);
    expect(await kindsOf(olas.front)).toEqual(['photo_reused']);
    const evidence = await evidenceOf(olas.front, 'photo_reused');
    expect(evidence).toMatchObject({
      photo: { uuid: olas.front, kind: 'bereal_start', action: { uuid: olas.action.uuid } },
      matches: { uuid: original.front, kind: 'bereal_start', action: { uuid: original.action.uuid, name: original.action.name } },
    });
    expect(evidence.matches.takenAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const flag = (await flagsOf(olas.front))[0]!;
    expect([flag.action_id, flag.user_id]).toEqual([olas.action.uuid, ola.userId]);
  });

  it('her photo resized, recompressed at quality 60 and slightly cropped is photo_similar within 6 bits, naming the closest', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    const original = await startPhotos(ewa, scene, await newScene());
    const copy = await startPhotos(ewa, await newScene(), await buildAlteredCopy(scene, { scale: 0.5, quality: 60, cropShare: 0.01 }));
    expect(await kindsOf(copy.rear)).toEqual(['photo_similar']);
    const evidence = await evidenceOf(copy.rear, 'photo_similar');
    expect(evidence.hashDistance).toBeLessThanOrEqual(SIMILAR_PHOTO_MAX_BITS);
    expect(evidence.matches.uuid).toBe(original.front);
    expect(await kindsOf(copy.front)).toEqual([]);
  });

  it('her photo re-shot from a screen — 5 % cut off each side, off-centre, dimmer, softer — is photo_similar; the whole picture alone misses it', async () => {
    const ewa = await buildSignedInPromoter(t);
    // A scene whose re-shot lies far from it as a whole (16 bits) and near its centre (2 bits): the
    // zoom's effect on the whole picture's hash varies by scene, from 6 to 18 bits (bench:integrity).
    const scene = await buildScene(38_002);
    const original = await startPhotos(ewa, scene, await newScene());
    const reshot = await buildReshotCopy(scene, { cropShare: 0.05, offCentre: 0.004, brightness: 0.85 });
    const copy = await startPhotos(ewa, reshot, await newScene());
    expect(await kindsOf(copy.front)).toEqual(['photo_similar']);
    expect((await evidenceOf(copy.front, 'photo_similar')).matches.uuid).toBe(original.front);
    const hashes = await t.db
      .selectFrom('action_files')
      .select(['id', 'dhash', 'dhash_crops'])
      .where('id', 'in', [original.front, copy.front])
      .execute();
    const [a, b] = [original.front, copy.front].map((id) => hashes.find((h) => h.id === id)!);
    expect(a!.dhash_crops).toMatch(/^[0-9a-f]{16}( [0-9a-f]{16}){3}$/);
    expect(hashDistance(a!.dhash!, b!.dhash!)).toBeGreaterThan(SIMILAR_PHOTO_MAX_BITS);
  });

  it("another promoter's altered copy is photo_similar at the same point, and raises nothing at another point", async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const shop = ownPoint();
    const scene = await newScene();
    await startPhotos(ewa, scene, await newScene(), shop);
    const samePoint = await startPhotos(ola, await buildAlteredCopy(scene), await newScene(), shop);
    expect(await kindsOf(samePoint.front)).toEqual(['photo_similar']);
    const kasia = await buildSignedInPromoter(t);
    const elsewhere = await startPhotos(kasia, await buildAlteredCopy(scene, { scale: 0.7 }), await newScene());
    expect(await kindsOf(elsewhere.front)).toEqual([]);
  });

  it('the front and rear of one start, however alike, raise nothing', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    const start = await startPhotos(ewa, scene, await buildAlteredCopy(scene, { scale: 0.9, quality: 80, cropShare: 0.01 }));
    expect(await kindsOf(start.front)).toEqual([]);
    expect(await kindsOf(start.rear)).toEqual([]);
  });

  it('a photo taken with the camera covered is photo_blank', async () => {
    const ewa = await buildSignedInPromoter(t);
    const start = await startPhotos(ewa, await buildBlankPhoto(), await newScene());
    expect(await kindsOf(start.front)).toEqual(['photo_blank']);
    expect(await evidenceOf(start.front, 'photo_blank')).toMatchObject({ photo: { uuid: start.front } });
    expect(await kindsOf(start.rear)).toEqual([]);
  });

  it('start photos taken again replace the flagged ones, and their open flags go with them', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    await startPhotos(ewa, scene, await newScene());
    const retaken = await startPhotos(ewa, scene, await buildBlankPhoto());
    expect(await kindsOf(retaken.front)).toEqual(['photo_reused']);
    expect(await kindsOf(retaken.rear)).toEqual(['photo_blank']);
    const again = await uploadPhotos(t.app, ewa.token, { action: { uuid: retaken.action.uuid }, ident: 'bereal_start' }, [
      await newScene(),
      await newScene(),
    ]);
    expect(again.statusCode).toBe(200);
    const left = await t.db.selectFrom('integrity_flags').select('kind').where('action_id', '=', retaken.action.uuid).execute();
    expect(left).toEqual([]);
  });

  it('two promoters sending the same photo at once: both stored, one photo_reused, no 5xx', async () => {
    const scene = await newScene();
    const crew = await Promise.all(Array.from({ length: 4 }, () => buildSignedInPromoter(t)));
    const actions = await Promise.all(crew.map((who) => buildAction(t, who, { points: ownPoint() })));
    const outcomes = await raceSame(crew.length, (i) =>
      uploadPhotos(t.app, crew[i]!.token, { action: { uuid: actions[i]!.uuid }, ident: 'bereal_start' }, [scene, buildJpeg()]),
    );
    expect(serverErrors(outcomes)).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    const photos = await t.db
      .selectFrom('action_files')
      .select('id')
      .where(
        'action_id',
        'in',
        actions.map((a) => a.uuid),
      )
      .where('position', '=', 0)
      .execute();
    const flags = await t.db
      .selectFrom('integrity_flags')
      .select(['kind', 'subject'])
      .where(
        'subject',
        'in',
        photos.map((p) => p.id),
      )
      .execute();
    // Every copy but the first is flagged, once each.
    expect(flags.map((f) => f.kind)).toEqual(['photo_reused', 'photo_reused', 'photo_reused']);
    expect(new Set(flags.map((f) => f.subject)).size).toBe(3);
  });

  it('the same register point under another name and address is the same point', async () => {
    const register = await buildRegisterPoint(t, await buildTerritory(t, 'PH'));
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const scene = await newScene();
    const first = await startPhotos(ewa, scene, await newScene());
    const second = await startPhotos(ola, await buildAlteredCopy(scene), await newScene());
    // Before the two actions name one register point, they are two points: nothing.
    expect(await kindsOf(second.front)).toEqual([]);
    await t.db
      .updateTable('action_points')
      .set({ point_id: register.id })
      .where('action_id', 'in', [first.action.uuid, second.action.uuid])
      .execute();
    const kasia = await buildSignedInPromoter(t);
    const fourth = await buildAction(t, kasia, { points: ownPoint() });
    await t.db.updateTable('action_points').set({ point_id: register.id }).where('action_id', '=', fourth.uuid).execute();
    const res = await uploadPhotos(t.app, kasia.token, { action: { uuid: fourth.uuid }, ident: 'bereal_start' }, [
      await buildAlteredCopy(scene, { scale: 0.4 }),
      await newScene(),
    ]);
    const [front] = res.json().data.files as { uuid: string }[];
    expect(await kindsOf(front!.uuid)).toEqual(['photo_similar']);
  });

  it('photos stored before the fingerprints get them from the backfill, and their signals', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    const first = await startPhotos(ewa, scene, await newScene());
    const second = await startPhotos(ewa, await newScene(), scene);
    const ids = [first.front, first.rear, second.front, second.rear];
    // As before migration 036: no fingerprints, no flags.
    await t.db.updateTable('action_files').set({ sha256: null, dhash: null, spread: null }).where('id', 'in', ids).execute();
    await t.db.deleteFrom('integrity_flags').where('subject', 'in', ids).execute();
    const report = await backfillFingerprints({ db: t.db, now: t.clock.now, timezone: t.config.timezone }, t.app.blobStore, 2);
    expect(report.done).toBeGreaterThanOrEqual(4);
    const rows = await t.db.selectFrom('action_files').select(['dhash']).where('id', 'in', ids).execute();
    expect(rows.every((r) => /^[0-9a-f]{16}$/.test(r.dhash ?? ''))).toBe(true);
    expect(await kindsOf(second.rear)).toEqual(['photo_reused']);
    expect(await kindsOf(first.front)).toEqual([]);
  });

  it('photos fingerprinted before the zoomed hashes get them from the backfill, and a re-shot among them is flagged once', async () => {
    const ewa = await buildSignedInPromoter(t);
    const scene = await newScene();
    const original = await startPhotos(ewa, scene, await newScene());
    const copy = await startPhotos(ewa, await buildReshotCopy(scene, { cropShare: 0.05 }), await newScene());
    const ids = [original.front, original.rear, copy.front, copy.rear];
    // As between migrations 036 and 039: the whole picture's hash, no zoomed ones, no photo_similar.
    await t.db.updateTable('action_files').set({ dhash_crops: null }).where('id', 'in', ids).execute();
    await t.db.deleteFrom('integrity_flags').where('subject', 'in', ids).execute();
    await backfillFingerprints({ db: t.db, now: t.clock.now, timezone: t.config.timezone }, t.app.blobStore, 2);
    const rows = await t.db.selectFrom('action_files').select(['dhash_crops']).where('id', 'in', ids).execute();
    expect(rows.every((r) => /^[0-9a-f]{16}( [0-9a-f]{16}){3}$/.test(r.dhash_crops ?? ''))).toBe(true);
    expect(await kindsOf(copy.front)).toEqual(['photo_similar']);
    expect(await kindsOf(original.front)).toEqual([]);
  });

  it('a survey photo sent again during a correction replaces the flagged one, and its open flag goes', async () => {
    const territory = await buildTerritory(t, 'PK');
    const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
    const ewa = await buildSignedInPromoter(t, { territories: [territory] });
    const shop = await buildAction(t, ewa, { global: 'accepted', points: ownPoint() });
    await placeInTerritory(t, shop.uuid, territory);
    await checkIn(t.app, ewa.token, shop);
    const form = { chechboxes: ['tak', 'tak', 'tak'], text: 'Ekspozycja' };
    const survey = (photo: Buffer) => uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'start', form }, [photo]);
    const covered = await survey(await buildBlankPhoto());
    const [blank] = covered.json().data.files as { uuid: string }[];
    expect(await kindsOf(blank!.uuid)).toEqual(['photo_blank']);
    await checkOut(t.app, ewa.token, shop);
    t.clock.advance(60_000);
    await requestChanges(
      t.app,
      coordinator.token,
      { action: { uuid: shop.uuid }, promoter: { ident: ewa.ident } },
      'Zrób zdjęcie ponownie.',
      'photos',
    );
    const again = await survey(await newScene());
    expect(again.statusCode, again.body).toBe(200);
    const [fresh] = again.json().data.files as { uuid: string }[];
    expect(await kindsOf(fresh!.uuid)).toEqual([]);
    expect(await t.db.selectFrom('integrity_flags').select('kind').where('action_id', '=', shop.uuid).execute()).toEqual([]);
  });
});
