import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../lib/crypto.ts';
import { buildAction, buildSignedInPromoter } from '../test/builders.ts';
import { buildJpeg, buildPng } from '../test/files.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { readUpload, storeThenWrite } from './uploads.ts';

// The helper every multipart call uses (photos now; receipts and the photo survey next), checked on its
// own rules rather than through one call's.

/** A request body as @fastify/multipart (keyValues) leaves it: `_input` a string, files Buffers. */
const multipartRequest = (input: unknown, files: unknown[]) =>
  ({
    body: { _input: typeof input === 'string' ? input : JSON.stringify(input), 'files[]': files.length === 1 ? files[0] : files },
  }) as FastifyRequest;

const Input = z.object({ receipt: z.object({ amount: z.number().positive() }) });
const anyTwo = { files: { min: 1, max: 2 } };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code: string }).code, details: (error as { details: unknown }).details };
  }
  throw new Error('expected a refusal');
};

describe('readUpload', () => {
  it('gives back the parsed input and each file with the type its bytes have, whatever it is called', () => {
    const jpeg = buildJpeg();
    const png = buildPng();
    const { input, files } = readUpload(multipartRequest({ receipt: { amount: 12.5 } }, [jpeg, png]), Input, anyTwo);
    expect(input).toEqual({ receipt: { amount: 12.5 } });
    expect(files).toEqual([
      { data: jpeg, type: 'image/jpeg', extension: 'jpg' },
      { data: png, type: 'image/png', extension: 'png' },
    ]);
  });

  it("names an _input field's problem _input.<field>, and broken JSON _input", () => {
    expect(refusal(() => readUpload(multipartRequest({ receipt: { amount: -1 } }, [buildJpeg()]), Input, anyTwo))).toEqual({
      code: 'E_VALIDATION',
      details: [{ path: '_input.receipt.amount', message: expect.any(String) }],
    });
    expect(refusal(() => readUpload(multipartRequest('{"receipt":', [buildJpeg()]), Input, anyTwo))).toEqual({
      code: 'E_VALIDATION',
      details: [{ path: '_input', message: 'malformed JSON' }],
    });
  });

  it('refuses a file count outside the rule, and text sent as a file', () => {
    const none = refusal(() => readUpload(multipartRequest({ receipt: { amount: 1 } }, []), Input, anyTwo));
    expect(none).toEqual({ code: 'E_VALIDATION', details: [{ path: 'files[]', message: 'expected 1–2 image(s), got 0' }] });
    const three = refusal(() =>
      readUpload(multipartRequest({ receipt: { amount: 1 } }, [buildJpeg(), buildJpeg(), buildJpeg()]), Input, anyTwo),
    );
    expect(three.details).toEqual([{ path: 'files[]', message: 'expected 1–2 image(s), got 3' }]);
    const text = refusal(() => readUpload(multipartRequest({ receipt: { amount: 1 } }, ['not a file']), Input, anyTwo));
    expect(text).toEqual({ code: 'E_VALIDATION', details: [{ path: 'files[0]', message: 'expected a file' }] });
  });

  it('judges files by their bytes and size: E_UNSUPPORTED_FILE_TYPE, E_FILE_TOO_LARGE, naming the file', () => {
    const pdf = Buffer.from('%PDF-1.7 a receipt');
    const wrongType = refusal(() => readUpload(multipartRequest({ receipt: { amount: 1 } }, [buildJpeg(), pdf]), Input, anyTwo));
    expect(wrongType).toEqual({ code: 'E_UNSUPPORTED_FILE_TYPE', details: [{ path: 'files[1]', message: expect.any(String) }] });
    const jpegOnly = refusal(() =>
      readUpload(multipartRequest({ receipt: { amount: 1 } }, [buildPng()]), Input, { ...anyTwo, types: ['image/jpeg'] }),
    );
    expect(jpegOnly.code).toBe('E_UNSUPPORTED_FILE_TYPE');
    const large = refusal(() =>
      readUpload(multipartRequest({ receipt: { amount: 1 } }, [buildJpeg(5000)]), Input, { ...anyTwo, maxFileBytes: 4096 }),
    );
    expect(large).toEqual({ code: 'E_FILE_TOO_LARGE', details: [{ path: 'files[0]', message: 'more than 4096 bytes' }] });
  });

  it('lets the rules follow the input (how many photos an ident takes)', () => {
    const rules = (input: { count: number }) => ({ files: { min: input.count, max: input.count } });
    const Count = z.object({ count: z.number() });
    expect(readUpload(multipartRequest({ count: 2 }, [buildJpeg(), buildJpeg()]), Count, rules).files).toHaveLength(2);
    expect(refusal(() => readUpload(multipartRequest({ count: 2 }, [buildJpeg()]), Count, rules)).details).toEqual([
      { path: 'files[]', message: 'expected 2 image(s), got 1' },
    ]);
  });
});

describe.each(testDatabases)('storeThenWrite (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A file row as action photos write it: the row names the blob. */
  const fileRow = async () => {
    const promoter = await buildSignedInPromoter(t);
    const action = await buildAction(t, promoter, { status: 'started' });
    const id = newId();
    const row = {
      id,
      action_id: action.uuid,
      user_id: promoter.userId,
      ident: 'start' as const,
      position: 0,
      blob_key: `${id}.jpg`,
      content_type: 'image/jpeg',
      size: 4,
      created_at: t.clock.now().toISOString(),
    };
    return row;
  };
  const rowCount = async (id: string) => (await t.db.selectFrom('action_files').select('id').where('id', '=', id).execute()).length;
  const deps = () => ({ db: t.db, blobStore: t.app.blobStore });

  it('keeps the bytes and the rows when the write succeeds', async () => {
    const row = await fileRow();
    const data = buildJpeg();
    await storeThenWrite(deps(), [{ key: row.blob_key, data }], (trx) => trx.insertInto('action_files').values(row).execute());
    expect(await t.app.blobStore.get(row.blob_key)).toEqual(data);
    expect(await rowCount(row.id)).toBe(1);
  });

  const registered = async (key: string) => (await t.db.selectFrom('blob_objects').select('key').where('key', '=', key).execute()).length;

  it("commits the files' rows in the register with the upload's own, in one transaction (one commit an upload)", async () => {
    const row = await fileRow();
    let seenMeanwhile: number | undefined;
    await storeThenWrite(deps(), [{ key: row.blob_key, data: buildJpeg() }], async (trx) => {
      // Another connection, while the transaction is open: the register's row is not committed before it.
      seenMeanwhile = await registered(row.blob_key);
      expect(await trx.selectFrom('blob_objects').select('key').where('key', '=', row.blob_key).execute()).toHaveLength(1);
      await trx.insertInto('action_files').values(row).execute();
    });
    expect(seenMeanwhile).toBe(0);
    expect(await registered(row.blob_key)).toBe(1);
  });

  it('removes the stored bytes and writes no row when the database write fails', async () => {
    const row = await fileRow();
    const second = `${newId()}.jpg`;
    const failing = storeThenWrite(
      deps(),
      [
        { key: row.blob_key, data: buildJpeg() },
        { key: second, data: buildJpeg() },
      ],
      async (trx) => {
        await trx.insertInto('action_files').values(row).execute();
        // The same id again: the primary key refuses it, inside the transaction.
        await trx.insertInto('action_files').values(row).execute();
      },
    );
    await expect(failing).rejects.toThrow();
    expect(await t.app.blobStore.get(row.blob_key)).toBeNull();
    expect(await t.app.blobStore.get(second)).toBeNull();
    expect(await rowCount(row.id)).toBe(0);
    expect([await registered(row.blob_key), await registered(second)]).toEqual([0, 0]);
  });

  it('removes the bytes already stored when a later one cannot be stored', async () => {
    const row = await fileRow();
    const failing = storeThenWrite(
      deps(),
      [
        { key: row.blob_key, data: buildJpeg() },
        { key: '../outside', data: buildJpeg() },
      ],
      async () => {
        throw new Error('never reached');
      },
    );
    await expect(failing).rejects.toThrow(/invalid blob key/);
    expect(await t.app.blobStore.get(row.blob_key)).toBeNull();
  });
});
