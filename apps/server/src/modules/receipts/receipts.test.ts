import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_FILE_BYTES } from '@promotor/contract';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildAction, buildLead, buildSignedInPromoter, type BuiltAction, type BuiltPromoter } from '../../test/builders.ts';
import { buildJpeg, buildMultipart, buildPng, storedUploads } from '../../test/files.ts';
import { newId } from '../../lib/crypto.ts';
import { RECEIPTS_PER_ACTION, RECEIPTS_PER_LEAD, removeReceiptImages } from './receipts.service.ts';

describe.each(testDatabases)('receipts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Rows and stored bytes, to prove that a refused upload left nothing behind. */
  const stored = () => storedUploads(t, dialect, 'action_receipts');

  /** A registration of hers in the action, as the webform's /lead/register leaves it. */
  const buildHerLead = (p: BuiltPromoter, action: BuiltAction | null) =>
    buildLead(t, p, { action, items: [{ brand: 'Glo', model: 'Hyper Pro', serial_number: 'GLO12345678' }] });

  const upload = (token: string, input: unknown, files: Buffer[]) => {
    const { payload, headers } = buildMultipart([
      { name: '_input', value: JSON.stringify(input) },
      ...files.map((data, i) => ({ name: 'files[]', filename: `paragon-${i}.jpg`, contentType: 'image/jpeg', data })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/action/receipt/create',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };

  const setUp = async () => {
    const ewa = await buildSignedInPromoter(t);
    const shop = await buildAction(t, ewa, { status: 'started' });
    return { ewa, shop, leadId: await buildHerLead(ewa, shop) };
  };

  it('a receipt of her registration is stored, listed in the order made, and served back as its image', async () => {
    const { ewa, shop, leadId } = await setUp();
    const first = buildJpeg(3000);
    const second = buildPng();
    const a = await upload(
      ewa.token,
      { action: { uuid: shop.uuid }, device: { serial: 'GLO12345678', beacon: 'BC-1' }, lead: { id: leadId } },
      [first],
    );
    expect(a.statusCode).toBe(200);
    expect(a.json().data.receipt).toEqual({ uuid: expect.any(String), device: { serial: 'GLO12345678', beacon: 'BC-1' } });
    t.clock.advance(1000);
    const b = await upload(ewa.token, { action: { uuid: shop.uuid }, lead: { id: leadId } }, [second]);
    expect(b.json().data.receipt.device).toEqual({ serial: null, beacon: null });

    const listed = await post(t.app, '/action/receipt/list', { action: { uuid: shop.uuid } }, ewa.token);
    expect(listed.json().data.receipts).toEqual([a.json().data.receipt, b.json().data.receipt]);
    const page = await post(t.app, '/action/receipt/list', { action: { uuid: shop.uuid }, pagination: { limit: 1, offset: 1 } }, ewa.token);
    expect(page.json().data.receipts).toEqual([b.json().data.receipt]);

    const served = await post(t.app, '/action/receipt/serve', { receipt: { uuid: b.json().data.receipt.uuid } }, ewa.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(second)).toBe(true);
  });

  it('without a lead id, or with a registration not hers or of another action, it is E_MISSING_LEAD_ID and nothing is stored', async () => {
    const { ewa, shop } = await setUp();
    const ola = await buildSignedInPromoter(t);
    const olasLead = await buildHerLead(ola, await buildAction(t, ola));
    const otherAction = await buildHerLead(ewa, await buildAction(t, ewa));
    const before = await stored();
    for (const lead of [undefined, { id: null }, { id: olasLead }, { id: otherAction }, { id: 'no-such-lead' }]) {
      const res = await upload(ewa.token, { action: { uuid: shop.uuid }, ...(lead ? { lead } : {}) }, [buildJpeg()]);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.error).toBe('E_MISSING_LEAD_ID');
    }
    expect(await stored()).toEqual(before);
  });

  it('a file that is not an image by its bytes, one too big, or two files are refused and nothing is stored', async () => {
    const { ewa, shop, leadId } = await setUp();
    const input = { action: { uuid: shop.uuid }, lead: { id: leadId } };
    const before = await stored();
    const text = await upload(ewa.token, input, [Buffer.from('to nie jest zdjęcie paragonu')]);
    expect(text.statusCode).toBe(415);
    expect(text.json().data.error).toBe('E_UNSUPPORTED_FILE_TYPE');
    const big = await upload(ewa.token, input, [buildJpeg(UPLOAD_MAX_FILE_BYTES + 1)]);
    expect(big.statusCode).toBe(413);
    expect(big.json().data.error).toBe('E_FILE_TOO_LARGE');
    const two = await upload(ewa.token, input, [buildJpeg(), buildJpeg()]);
    expect(two.statusCode).toBe(400);
    expect(two.json().data.details[0].path).toBe('files[]');
    const none = await upload(ewa.token, input, []);
    expect(none.json().data.error).toBe('E_VALIDATION');
    expect(await stored()).toEqual(before);
  });

  it('another promoter cannot add to, list, or fetch her receipts', async () => {
    const { ewa, shop, leadId } = await setUp();
    const ola = await buildSignedInPromoter(t);
    const receipt = (await upload(ewa.token, { action: { uuid: shop.uuid }, lead: { id: leadId } }, [buildJpeg()])).json().data.receipt;

    const create = await upload(ola.token, { action: { uuid: shop.uuid }, lead: { id: leadId } }, [buildJpeg()]);
    expect(create.statusCode).toBe(404);
    expect(create.json().data.error).toBe('E_ACTION_NOT_FOUND');
    const list = await post(t.app, '/action/receipt/list', { action: { uuid: shop.uuid } }, ola.token);
    expect(list.statusCode).toBe(404);
    expect(list.json().data.error).toBe('E_ACTION_NOT_FOUND');
    const serve = await post(t.app, '/action/receipt/serve', { receipt: { uuid: receipt.uuid } }, ola.token);
    expect(serve.statusCode).toBe(404);
    expect(serve.json().data.error).toBe('E_RECEIPT_NOT_FOUND');
    expect((await post(t.app, '/action/receipt/list', { action: { uuid: shop.uuid } }, ewa.token)).json().data.receipts).toEqual([receipt]);
  });

  /** Her receipts of the action as stored (the list's pages hold at most 100). */
  const receiptsOf = (action: BuiltAction) =>
    t.db.selectFrom('action_receipts').select('id').where('action_id', '=', action.uuid).execute();

  it(`a registration takes at most ${RECEIPTS_PER_LEAD} receipts: the ${RECEIPTS_PER_LEAD}th is stored, the next is 409 E_LEAD_RECEIPT_LIMIT`, async () => {
    expect(RECEIPTS_PER_LEAD).toBe(20);
    const { ewa, shop, leadId } = await setUp();
    const input = { action: { uuid: shop.uuid }, lead: { id: leadId } };
    for (let i = 0; i < RECEIPTS_PER_LEAD; i++) expect((await upload(ewa.token, input, [buildJpeg()])).statusCode).toBe(200);
    const before = await stored();
    const over = await upload(ewa.token, input, [buildJpeg()]);
    expect([over.statusCode, over.json().data.error]).toEqual([409, 'E_LEAD_RECEIPT_LIMIT']);
    expect(await stored()).toEqual(before);
    expect(await receiptsOf(shop)).toHaveLength(RECEIPTS_PER_LEAD);
    // Another registration of the action has its own.
    const next = await upload(ewa.token, { ...input, lead: { id: await buildHerLead(ewa, shop) } }, [buildJpeg()]);
    expect(next.statusCode).toBe(200);
  });

  it('parallel uploads cannot pass the cap of a registration', async () => {
    const { ewa, shop, leadId } = await setUp();
    const input = { action: { uuid: shop.uuid }, lead: { id: leadId } };
    const answers = await Promise.all(Array.from({ length: RECEIPTS_PER_LEAD + 5 }, () => upload(ewa.token, input, [buildJpeg()])));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(RECEIPTS_PER_LEAD);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().data.error))).toEqual(new Set(['E_LEAD_RECEIPT_LIMIT']));
    expect(await receiptsOf(shop)).toHaveLength(RECEIPTS_PER_LEAD);
  });

  it(`an action takes at most ${RECEIPTS_PER_ACTION} receipts: the ${RECEIPTS_PER_ACTION}th is stored, the next is 409 E_ACTION_RECEIPT_LIMIT`, async () => {
    const { ewa, shop, leadId } = await setUp();
    // The day so far: receipts of many registrations (written as the upload writes them, counter included).
    const earlier = Array.from({ length: RECEIPTS_PER_ACTION - 1 }, (_, i) => ({
      id: newId(),
      action_id: shop.uuid,
      user_id: ewa.userId,
      lead_id: leadId,
      device_serial: null,
      device_beacon: null,
      blob_key: `receipt-earlier-${i}.jpg`,
      content_type: 'image/jpeg',
      size: 1,
      created_at: t.clock.now().toISOString(),
    }));
    for (let i = 0; i < earlier.length; i += 100)
      await t.db
        .insertInto('action_receipts')
        .values(earlier.slice(i, i + 100))
        .execute();
    await t.db.updateTable('actions').set({ receipt_count: earlier.length }).where('id', '=', shop.uuid).execute();

    const input = (lead: string) => ({ action: { uuid: shop.uuid }, lead: { id: lead } });
    expect((await upload(ewa.token, input(await buildHerLead(ewa, shop)), [buildJpeg()])).statusCode).toBe(200);
    const before = await stored();
    const over = await upload(ewa.token, input(await buildHerLead(ewa, shop)), [buildJpeg()]);
    expect([over.statusCode, over.json().data.error]).toEqual([409, 'E_ACTION_RECEIPT_LIMIT']);
    expect(await stored()).toEqual(before);
    expect(await receiptsOf(shop)).toHaveLength(RECEIPTS_PER_ACTION);
  });

  it('removeReceiptImages deletes the bytes and keeps the row (listed, counted); again it is a no-op; her serve says 410', async () => {
    const { ewa, shop, leadId } = await setUp();
    const made = await upload(ewa.token, { action: { uuid: shop.uuid }, lead: { id: leadId } }, [buildJpeg()]);
    const receipt = made.json().data.receipt;
    const row = () =>
      t.db.selectFrom('action_receipts').select(['blob_key', 'image_removed_at']).where('id', '=', receipt.uuid).executeTakeFirstOrThrow();
    const { blob_key } = await row();
    expect(await t.app.blobStore.get(blob_key)).not.toBeNull();

    const at = t.clock.now();
    expect(await removeReceiptImages({ db: t.db, blobStore: t.app.blobStore }, [receipt.uuid, newId()], at)).toBe(1);
    expect(await t.app.blobStore.get(blob_key)).toBeNull();
    expect(await row()).toEqual({ blob_key, image_removed_at: at.toISOString() });
    t.clock.advance(1000);
    expect(await removeReceiptImages({ db: t.db, blobStore: t.app.blobStore }, [receipt.uuid], t.clock.now())).toBe(0);
    expect((await row()).image_removed_at).toBe(at.toISOString());
    expect(await removeReceiptImages({ db: t.db, blobStore: t.app.blobStore }, [], t.clock.now())).toBe(0);

    const listed = await post(t.app, '/action/receipt/list', { action: { uuid: shop.uuid } }, ewa.token);
    expect(listed.json().data.receipts).toEqual([receipt]);
    const served = await post(t.app, '/action/receipt/serve', { receipt: { uuid: receipt.uuid } }, ewa.token);
    expect([served.statusCode, served.json().data.error]).toEqual([410, 'E_RECEIPT_IMAGE_REMOVED']);
  });
});
