import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, type FieldIssue } from '@promotor/contract';
import { AppError } from '../lib/app-error.ts';
import { extensionOf, sniffImageType, type ImageType } from '../lib/image-type.ts';
import { parseRequestJson } from '../lib/json.ts';
import type { OpenedBlob } from './blob-store.ts';

// The one way a multipart call of spec §7 (`_input` JSON + `files[]`) is read and stored. Action photos
// use it; receipts (/lead/receipt) and the photo survey use the same three steps:
//
//   await app.register(multipartUploads);                    // in the module's routes plugin
//   apiRoute(app, 'receiptCreate', async (request) => {      // kind 'multipart' in the route table
//     const { input, files } = readUpload(request, routeSchemas.receiptCreate.body, { files: { min: 1, max: 2 } });
//     … business rules on `input` …
//     return deps.blobStore.putThenWrite(files.map(…key…), (trx) => repo.insertReceipt(trx, …));
//   }, { bodyLimit: UPLOAD_BODY_LIMIT_BYTES });

/** A request's whole size: the largest files plus room for `_input` and the multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 1024 * 1024;

/**
 * @fastify/multipart for the routes of the scope it is registered in: a module with uploads registers it
 * in its own scope, so no other call reads a multipart body. Fields and files land on request.body as
 * strings and Buffers. Above the contract's limits the parser stops reading: E_FILE_TOO_LARGE,
 * E_TOO_MANY_FILES (plugins/errors.ts).
 */
export const multipartUploads = fp(async (app: FastifyInstance) => {
  // From the session's check to its answer an upload (or an import) holds back the work after other
  // answers (AfterAnswer.hold; thumbnails and fingerprints take the cores its parsing, checks and PUTs
  // need): a burst of uploads is answered first, its thumbnails follow (decision 141). The hold ends when
  // the response closes — answered, failed or cut off — or the request is aborted; one cut off before
  // this hook takes none (its 'close' has been); a task waits at most AFTER_ANSWER_MAX_HOLD_MS anyway.
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/') || reply.raw.destroyed) return;
    const release = app.blobStore.afterAnswer.hold();
    releases.set(request, release);
    reply.raw.once('close', release);
  });
  app.addHook('onRequestAbort', async (request) => releases.get(request)?.());
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 4, parts: UPLOAD_MAX_FILES + 4, fieldSize: 64 * 1024 },
  });
});

export type UploadRules = {
  /** How many files the call takes (each call's own rule; at most UPLOAD_MAX_FILES get this far). */
  files: { min: number; max: number };
  /** Per file; at most UPLOAD_MAX_FILE_BYTES (the parser's limit). */
  maxFileBytes?: number;
  /** Accepted by what the bytes are, never by the name or the type the client claims. */
  types?: readonly ImageType[];
};

export type UploadedFile = { data: Buffer; type: ImageType; extension: string };

const validation = (issues: FieldIssue[]) => new AppError('E_VALIDATION', issues);

/** `_input`: a JSON string parsed by the call's schema; issues are named `_input.<field>`. */
function readInput<S extends z.ZodType>(raw: unknown, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = typeof raw === 'string' ? parseRequestJson(raw) : undefined;
  } catch (error) {
    const details = (error as AppError).details as { message: string }[] | undefined;
    throw validation([{ path: '_input', message: details?.[0]?.message ?? 'malformed JSON' }]);
  }
  if (json === undefined) throw validation([{ path: '_input', message: 'required' }]);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw validation(parsed.error.issues.map((i) => ({ path: ['_input', ...i.path.map(String)].join('.'), message: i.message })));
  }
  return parsed.data;
}

/**
 * The `_input` and the files of a multipart request, checked: the input by its schema, the files by
 * their count, size and sniffed type (E_VALIDATION, E_FILE_TOO_LARGE, E_UNSUPPORTED_FILE_TYPE, each
 * naming the part). `rules` may depend on the input (e.g. how many photos an ident takes).
 */
export function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: UploadRules | ((input: z.output<S>) => UploadRules),
): { input: z.output<S>; files: UploadedFile[] } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const input = readInput(body._input, schema);
  const {
    files: count,
    maxFileBytes = UPLOAD_MAX_FILE_BYTES,
    types = UPLOAD_IMAGE_TYPES,
  } = typeof rules === 'function' ? rules(input) : rules;
  const raw = body['files[]'];
  const parts = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  // A text field sent under files[] is no file.
  const notFile = parts.findIndex((p) => !Buffer.isBuffer(p));
  if (notFile >= 0) throw validation([{ path: `files[${notFile}]`, message: 'expected a file' }]);
  if (parts.length < count.min || parts.length > count.max) {
    const expected = count.min === count.max ? `${count.min}` : `${count.min}–${count.max}`;
    throw validation([{ path: 'files[]', message: `expected ${expected} image(s), got ${parts.length}` }]);
  }
  const files = (parts as Buffer[]).map((data, i) => {
    if (data.length > maxFileBytes)
      throw new AppError('E_FILE_TOO_LARGE', [{ path: `files[${i}]`, message: `more than ${maxFileBytes} bytes` }]);
    const type = sniffImageType(data);
    if (!type || !types.includes(type)) {
      throw new AppError('E_UNSUPPORTED_FILE_TYPE', [{ path: `files[${i}]`, message: `not one of ${types.join(', ')}` }]);
    }
    return { data, type, extension: extensionOf(type) };
  });
  return { input, files };
}

/**
 * A form call (route kind 'form': the plan's CSV import): its text fields checked by the route's
 * schema (issues named by field) and its one file, `file`, of at most `maxFileBytes`. The bytes are
 * handed over as they came; what they must be (UTF-8 CSV) is the module's to judge.
 */
export function readFormUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: { maxFileBytes?: number } = {},
): { fields: z.output<S>; file: Buffer } {
  const { file, ...fields } = (request.body ?? {}) as Record<string, unknown>;
  // As in a JSON body (lib/json.ts): no NUL, which PostgreSQL can neither store nor compare.
  const nul = Object.entries(fields).find(([, value]) => typeof value === 'string' && value.includes('\u0000'));
  if (nul) throw validation([{ path: nul[0], message: 'NUL character' }]);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validation(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  if (!Buffer.isBuffer(file)) throw validation([{ path: 'file', message: 'expected a file' }]);
  const maxFileBytes = rules.maxFileBytes ?? UPLOAD_MAX_FILE_BYTES;
  if (file.length > maxFileBytes) throw new AppError('E_FILE_TOO_LARGE', [{ path: 'file', message: `more than ${maxFileBytes} bytes` }]);
  return { fields: parsed.data, file };
}

/**
 * Answers a stored photo (the /…/serve calls): its bytes with their sniffed type, never cached by a
 * proxy or the browser (it is personal), never re-sniffed by the browser; or, for one in the bucket, a
 * 303 to its presigned address (decision 130: the POST becomes a GET there; the address itself is
 * what the browser may keep for a few minutes, this answer is not kept).
 */
export function sendStoredImage(reply: FastifyReply, image: OpenedBlob) {
  if (image.kind === 'redirect') return reply.code(303).header('location', image.url).header('cache-control', 'private, no-store').send();
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(image.data);
}

/** A file's small WebP (decision 130): personal like the photo, so never kept by a proxy or the browser either. */
export function sendThumbnail(reply: FastifyReply, thumbnail: Buffer) {
  return reply.type('image/webp').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(thumbnail);
}
