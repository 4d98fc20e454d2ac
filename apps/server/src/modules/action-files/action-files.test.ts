import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildSignedInPromoter, type BuiltAction } from '../../test/builders.ts';
import { buildJpeg, buildMultipart, buildPng, storedUploads, uploadPhotos } from '../../test/files.ts';
import { checkIn as checkInStep } from '../../test/action-steps.ts';

describe.each(testDatabases)('action photos (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Rows and stored bytes, to prove that a refused upload left nothing behind. */
  const stored = () => storedUploads(t, dialect, 'action_files');

  const checkIn = (token: string, a: BuiltAction) => checkInStep(t.app, token, a, { location: { latitude: null, longitude: null } });
  /** A promoter with one action of hers started, as for the photo survey and the end photos. */
  const withStartedAction = async () => {
    const ewa = await buildSignedInPromoter(t);
    return { ewa, started: await buildAction(t, ewa, { status: 'started' }) };
  };

  it('front and rear photos for the start are stored, listed and served back', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const front = buildJpeg(4000);
    const rear = buildPng();
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, [front, rear]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files;
    expect(files).toEqual([
      { uuid: expect.any(String), ident: 'bereal_start' },
      { uuid: expect.any(String), ident: 'bereal_start' },
    ]);
    const listed = await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token);
    expect(listed.json().data).toEqual({ files, poll: null });

    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[1].uuid } }, ewa.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(rear)).toBe(true);
  });

  it('a second upload of the end photos is E_FILE_ALREADY_EXISTS with meta.ts', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await checkIn(ewa.token, shop)).statusCode).toBe(200);
    const input = { action: { uuid: shop.uuid }, ident: 'bereal_end' };
    expect((await uploadPhotos(t.app, ewa.token, input, [buildJpeg(), buildJpeg()])).statusCode).toBe(200);
    const res = await uploadPhotos(t.app, ewa.token, input, [buildJpeg(), buildJpeg()]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ data: { error: 'E_FILE_ALREADY_EXISTS' }, meta: { ts: expect.any(String) } });
  });

  it('start photos for another action are refused while she has one started, naming it, and nothing is stored', async () => {
    const ewa = await buildSignedInPromoter(t);
    const running = await buildAction(t, ewa);
    const other = await buildAction(t, ewa);
    expect((await checkIn(ewa.token, running)).statusCode).toBe(200);
    const before = await stored();
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: other.uuid }, ident: 'bereal_start' }, [buildJpeg(), buildJpeg()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ error: 'E_WRONG_ACTION_STATUS', details: { startedAction: running.uuid } });
    expect(await stored()).toEqual(before);
  });

  it('photos of a start that did not happen do not block the real start: the next start photos replace them', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const input = { action: { uuid: shop.uuid }, ident: 'bereal_start' };
    const abandoned = (await uploadPhotos(t.app, ewa.token, input, [buildJpeg(), buildJpeg()])).json().data.files;
    const before = await stored();
    const real = [buildJpeg(3000), buildPng()];
    const res = await uploadPhotos(t.app, ewa.token, input, real);
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files;
    // Same number of rows and stored bytes: the earlier set is gone, rows and bytes alike.
    expect(await stored()).toEqual(before);
    const listed = (await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data.files;
    expect(listed).toEqual(files);
    const gone = await post(t.app, '/action/file/serve', { file: { uuid: abandoned[0].uuid } }, ewa.token);
    expect(gone.json().data.error).toBe('E_FILE_NOT_FOUND');
    const served = await post(t.app, '/action/file/serve', { file: { uuid: files[1].uuid } }, ewa.token);
    expect(served.rawPayload.equals(real[1]!)).toBe(true);
    expect((await checkIn(ewa.token, shop)).statusCode).toBe(200);
  });

  it('a retried upload with the same Idempotency-Key returns the first answer, not a conflict', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await checkIn(ewa.token, shop)).statusCode).toBe(200);
    const photos = [buildJpeg(), buildJpeg()];
    const input = { action: { uuid: shop.uuid }, ident: 'bereal_end' };
    const first = await uploadPhotos(t.app, ewa.token, input, photos, { 'idempotency-key': 'end-photos-1' });
    const retry = await uploadPhotos(t.app, ewa.token, input, photos, { 'idempotency-key': 'end-photos-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const other = await uploadPhotos(t.app, ewa.token, input, [buildJpeg(), buildJpeg()], { 'idempotency-key': 'end-photos-1' });
    expect(other.json().data.error).toBe('E_IDEMPOTENCY_KEY_REUSED');
  });

  it('a text file named .jpg is refused and nothing is stored', async () => {
    const { ewa, started } = await withStartedAction();
    const before = await stored();
    const input = { action: { uuid: started.uuid }, ident: 'start', form: { chechboxes: ['tak', 'nie', 'tak'] } };
    const res = await uploadPhotos(t.app, ewa.token, input, [Buffer.from('to nie jest zdjęcie')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().data.error).toBe('E_UNSUPPORTED_FILE_TYPE');
    expect(await stored()).toEqual(before);
  });

  it('a file over 10 MB is a 413 E_FILE_TOO_LARGE and nothing is stored', async () => {
    const { ewa, started } = await withStartedAction();
    const before = await stored();
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: started.uuid }, ident: 'start' }, [
      buildJpeg(10 * 1024 * 1024 + 10),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().data.error).toBe('E_FILE_TOO_LARGE');
    expect(await stored()).toEqual(before);
  });

  it('more than 4 files is a 413 E_TOO_MANY_FILES', async () => {
    const { ewa, started } = await withStartedAction();
    const res = await uploadPhotos(
      t.app,
      ewa.token,
      { action: { uuid: started.uuid }, ident: 'start' },
      Array.from({ length: 5 }, () => buildJpeg()),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().data.error).toBe('E_TOO_MANY_FILES');
  });

  it('a missing photo, a missing _input and broken _input JSON are 400 E_VALIDATION', async () => {
    const ewa = await buildSignedInPromoter(t);
    const action = await buildAction(t, ewa);
    const one = await uploadPhotos(t.app, ewa.token, { action: { uuid: action.uuid }, ident: 'bereal_start' }, [buildJpeg()]);
    expect(one.statusCode).toBe(400);
    const broken = await uploadPhotos(t.app, ewa.token, '{"action": {"uuid": ', [buildJpeg()]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().data).toMatchObject({ error: 'E_VALIDATION', details: [{ path: '_input', message: 'malformed JSON' }] });
    const { payload, headers } = buildMultipart([{ name: 'files[]', filename: 'a.jpg', contentType: 'image/jpeg', data: buildJpeg() }]);
    const noInput = await t.app.inject({
      method: 'POST',
      url: '/api/action/file/create',
      payload,
      headers: { ...headers, authorization: `Bearer ${ewa.token}` },
    });
    expect(noInput.statusCode).toBe(400);
    expect(noInput.json().data.error).toBe('E_VALIDATION');
    const unknownIdent = await uploadPhotos(t.app, ewa.token, { action: { uuid: action.uuid }, ident: 'selfie' }, [buildJpeg()]);
    expect(unknownIdent.json().data.details[0].path).toBe('_input.ident');
  });

  it('the photo survey stores its photo and answers, listed as the poll', async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    expect((await checkIn(ewa.token, shop)).statusCode).toBe(200);
    const input = { action: { uuid: shop.uuid }, ident: 'start', form: { chechboxes: ['tak', 'nie', 'tak'], text: 'Półka przy kasie' } };
    const res = await uploadPhotos(t.app, ewa.token, input, [buildJpeg()]);
    expect(res.statusCode).toBe(200);
    const listed = (await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data;
    expect(listed.poll).toEqual({ chechboxes: ['tak', 'nie', 'tak'], text: 'Półka przy kasie' });
    // Her start photos (the check-in needs them) and the survey's photo.
    expect(listed.files.map((f: { ident: string }) => f.ident).filter((ident: string) => ident !== 'bereal_start')).toEqual(['start']);
  });

  it('start photos of a started action, and any photo of a cancelled one, are refused', async () => {
    const { ewa, started } = await withStartedAction();
    const early = await uploadPhotos(t.app, ewa.token, { action: { uuid: started.uuid }, ident: 'bereal_start' }, [
      buildJpeg(),
      buildJpeg(),
    ]);
    expect(early.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    const relay = await buildAction(t, ewa, { global: 'hst_cancelled' });
    const cancelled = await uploadPhotos(t.app, ewa.token, { action: { uuid: relay.uuid }, ident: 'bereal_start' }, [
      buildJpeg(),
      buildJpeg(),
    ]);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().data.error).toBe('E_WRONG_ACTION_STATUS');
  });

  it('an upload without a token is a 401 and reads no photo', async () => {
    const { payload, headers } = buildMultipart([{ name: 'files[]', filename: 'a.jpg', contentType: 'image/jpeg', data: buildJpeg() }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/action/file/create', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().data.error).toBe('E_UNAUTHORIZED');
  });

  it('another promoter cannot upload to, list, or fetch her photos', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa);
    const files = (
      await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'bereal_start' }, [buildJpeg(), buildJpeg()])
    ).json().data.files;
    const serve = await post(t.app, '/action/file/serve', { file: { uuid: files[0].uuid } }, ola.token);
    expect(serve.statusCode).toBe(404);
    expect(serve.json().data.error).toBe('E_FILE_NOT_FOUND');
    const upload = await uploadPhotos(t.app, ola.token, { action: { uuid: shop.uuid }, ident: 'bereal_end' }, [buildJpeg(), buildJpeg()]);
    expect(upload.statusCode).toBe(404);
    expect(upload.json().data.error).toBe('E_ACTION_NOT_FOUND');
    expect((await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ola.token)).statusCode).toBe(404);
  });
});
