import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildJpeg, buildPng } from '../test/files.ts';
import { readUpload } from './uploads.ts';

// The helper every multipart call uses (photos, receipts, the photo survey), checked on its own rules
// rather than through one call's. How the files are kept with their rows: blob-store.test.ts.

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
