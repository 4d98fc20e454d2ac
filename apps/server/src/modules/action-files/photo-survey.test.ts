import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_FALLBACK_ACTION_UUID, UPLOAD_MAX_FILE_BYTES } from '@promotor/contract';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildSignedInPromoter } from '../../test/builders.ts';
import { buildJpeg, uploadPhotos } from '../../test/files.ts';

// spec §4 Photos survey submit: 'start' with the answers, then 'end' (decision 060).
describe.each(testDatabases)('photo survey (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const form = { chechboxes: ['tak', 'tak', 'nie'], text: 'Ekspozycja przy kasie' };
  const withStarted = async () => {
    const ewa = await buildSignedInPromoter(t);
    return { ewa, shop: await buildAction(t, ewa, { status: 'started' }) };
  };
  const filesOf = async (actionId: string) =>
    (await t.db.selectFrom('action_files').select('ident').where('action_id', '=', actionId).execute()).map((f) => f.ident);

  it("the fallback action id of a survey without a current action is 404 E_ACTION_NOT_FOUND, as is another's action", async () => {
    const { ewa, shop } = await withStarted();
    const ola = await buildSignedInPromoter(t);
    const fallback = await uploadPhotos(t.app, ewa.token, { action: { uuid: SURVEY_FALLBACK_ACTION_UUID }, ident: 'start', form }, [
      buildJpeg(),
    ]);
    expect(fallback.statusCode).toBe(404);
    expect(fallback.json().data.error).toBe('E_ACTION_NOT_FOUND');
    const notHers = await uploadPhotos(t.app, ola.token, { action: { uuid: shop.uuid }, ident: 'start', form }, [buildJpeg()]);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().data.error).toBe('E_ACTION_NOT_FOUND');
    expect(await filesOf(shop.uuid)).toEqual([]);
  });

  it("'start' then 'end' are stored with the answers; a second 'start' is E_FILE_ALREADY_EXISTS", async () => {
    const { ewa, shop } = await withStarted();
    expect((await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'start', form }, [buildJpeg()])).statusCode).toBe(
      200,
    );
    t.clock.advance(1000); // the 'end' photo follows the 'start' one's success
    expect((await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'end' }, [buildJpeg()])).statusCode).toBe(200);
    const again = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'start', form }, [buildJpeg()]);
    expect(again.statusCode).toBe(409);
    expect(again.json().data.error).toBe('E_FILE_ALREADY_EXISTS');
    const listed = (await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data;
    expect(listed.files.map((f: { ident: string }) => f.ident)).toEqual(['start', 'end']);
    expect(listed.poll).toEqual(form);
  });

  it("an 'end' photo before the 'start' one is 409 E_WRONG_ACTION_STATUS and nothing is stored", async () => {
    const { ewa, shop } = await withStarted();
    const res = await uploadPhotos(t.app, ewa.token, { action: { uuid: shop.uuid }, ident: 'end' }, [buildJpeg()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error).toBe('E_WRONG_ACTION_STATUS');
    expect(await filesOf(shop.uuid)).toEqual([]);
  });

  it('a survey photo that is not an image by its bytes, too big, or two photos are refused and nothing is stored', async () => {
    const { ewa, shop } = await withStarted();
    const input = { action: { uuid: shop.uuid }, ident: 'start', form };
    const text = await uploadPhotos(t.app, ewa.token, input, [Buffer.from('<html>nie zdjęcie</html>')]);
    expect(text.json().data.error).toBe('E_UNSUPPORTED_FILE_TYPE');
    const big = await uploadPhotos(t.app, ewa.token, input, [buildJpeg(UPLOAD_MAX_FILE_BYTES + 1)]);
    expect(big.json().data.error).toBe('E_FILE_TOO_LARGE');
    const two = await uploadPhotos(t.app, ewa.token, input, [buildJpeg(), buildJpeg()]);
    expect(two.statusCode).toBe(400);
    expect(two.json().data.error).toBe('E_VALIDATION');
    expect(await filesOf(shop.uuid)).toEqual([]);
    expect((await post(t.app, '/action/file/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data.poll).toBeNull();
  });
});
