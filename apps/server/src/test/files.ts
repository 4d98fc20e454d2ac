// Photos and multipart bodies as the phone sends them.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Dialect } from '../db/kysely.ts';
import type { TestApp } from './test-app.ts';

/** A tiny but real-looking JPEG: the magic bytes the server checks, then filler. */
export function buildJpeg(size = 2048): Buffer {
  const body = randomBytes(Math.max(0, size - 4));
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), body]);
}

/** A real JPEG (24×16, orange) that an image library can read: where a thumbnail must be made of it. */
const SMALL_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCCtgAP/Z',
  'base64',
);

/** A readable JPEG made unique by a comment segment of random bytes (so no two uploads share a hash). */
export function buildPhoto(): Buffer {
  const comment = randomBytes(16);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, comment.length + 2]), comment]);
  return Buffer.concat([SMALL_JPEG.subarray(0, 2), segment, SMALL_JPEG.subarray(2)]);
}

/** A small seeded generator (mulberry32): the same seed, the same scene. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo of a scene (issue 38's photo signals): a gradient and a dozen shapes placed by `seed`,
 * softened as a lens does, as a real JPEG. Two seeds are two different scenes; the same seed is the
 * same scene again.
 */
export async function buildScene(seed: number, o: { width?: number; height?: number } = {}): Promise<Buffer> {
  const { width = 640, height = 480 } = o;
  const random = seeded(seed);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes = Array.from({ length: 12 }, () => {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const size = 40 + Math.floor(random() * 160);
    return random() < 0.5
      ? `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size * 0.7}" fill="${colour()}"/>`
      : `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).blur(2).jpeg({ quality: 90 }).toBuffer();
}

/** The same photo made smaller, recompressed and trimmed at its edges: a reuse that is not byte-for-byte. */
export async function buildAlteredCopy(photo: Buffer, o: { scale?: number; quality?: number; cropShare?: number } = {}): Promise<Buffer> {
  const { scale = 0.6, quality = 60, cropShare = 0.01 } = o;
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const left = Math.round(width * cropShare);
  const top = Math.round(height * cropShare);
  return sharp(photo)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .resize(Math.round(width * scale))
    .jpeg({ quality })
    .toBuffer();
}

/**
 * The same photo as a phone re-shoots it from a screen: the screen's edges left out (`cropShare` off
 * each side, the frame off-centre by `offCentre` of a side), dimmer and paler, softened and recompressed.
 */
export async function buildReshotCopy(
  photo: Buffer,
  o: { cropShare?: number; offCentre?: number; brightness?: number } = {},
): Promise<Buffer> {
  const { cropShare = 0.04, offCentre = 0, brightness = 0.9 } = o;
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const cutX = Math.round(width * cropShare);
  const cutY = Math.round(height * cropShare);
  const shift = (side: number, cut: number) => Math.min(2 * cut, Math.max(0, cut + Math.round(side * offCentre)));
  return sharp(photo)
    .extract({ left: shift(width, cutX), top: shift(height, cutY), width: width - 2 * cutX, height: height - 2 * cutY })
    .resize(Math.round(width * 0.8))
    .modulate({ brightness, saturation: 0.85 })
    .blur(0.7)
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A photo taken with the camera covered: almost one colour, with the sensor's faint noise. */
export async function buildBlankPhoto(seed = randomBytes(4).readUInt32LE()): Promise<Buffer> {
  const width = 320;
  const height = 240;
  const random = seeded(seed);
  const pixels = Buffer.alloc(width * height * 3, 0).map(() => 8 + Math.floor(random() * 3));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function buildPng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
}

export type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** multipart/form-data as a browser sends it. */
export function buildMultipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----promotor${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A CSV file's text as the imports' tests write it: a header of these columns, then the rows, ';' between cells. */
export function csvText<C extends string>(rows: readonly Record<C, string>[], columns: readonly C[]): string {
  const cell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [columns.join(';'), ...rows.map((row) => columns.map((c) => cell(row[c])).join(';'))].join('\n') + '\n';
}

/** POST of a CSV file to a back-office import (`url`, e.g. /api/admin/points/import) and, when given, dryRun. */
export function postCsvImport(
  app: FastifyInstance,
  url: string,
  token: string,
  file: { name: string; text: string },
  o: { dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = buildMultipart([
    ...(o.dryRun === undefined ? [] : [{ name: 'dryRun', value: String(o.dryRun) }]),
    { name: 'file', filename: file.name, contentType: 'text/csv', data: Buffer.from(file.text, 'utf8') },
  ]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...o.headers, authorization: `Bearer ${token}` } });
}

/** The request of an action's photos (/api/action/file/create) as the phone sends it, for app.inject. */
export function photosRequest(token: string, input: unknown, files: Buffer[], headers: Record<string, string> = {}) {
  const { payload, headers: h } = buildMultipart([
    { name: '_input', value: typeof input === 'string' ? input : JSON.stringify(input) },
    ...files.map((data, i) => ({ name: 'files[]', filename: `photo-${i}.jpg`, contentType: 'image/jpeg', data })),
  ]);
  return {
    method: 'POST' as const,
    url: '/api/action/file/create',
    payload,
    headers: { ...h, ...headers, authorization: `Bearer ${token}` },
  };
}

export function uploadPhotos(app: FastifyInstance, token: string, input: unknown, files: Buffer[], headers: Record<string, string> = {}) {
  return app.inject(photosRequest(token, input, files, headers));
}

/**
 * The rows of an upload table and the stored bytes (files under DATA_DIR on SQLite, the blobs table on
 * PostgreSQL), to prove that a refused upload left nothing behind.
 */
export async function storedUploads(
  t: TestApp,
  dialect: Dialect,
  table: 'action_files' | 'action_receipts',
): Promise<{ rows: number; blobs: number }> {
  const rows = (await t.db.selectFrom(table).select('id').execute()).length;
  const dir = path.join(t.config.dataDir, 'blobs');
  const blobs =
    dialect === 'postgres'
      ? (await t.db.selectFrom('blobs').select('key').execute()).length
      : fs.existsSync(dir)
        ? fs.readdirSync(dir).length
        : 0;
  return { rows, blobs };
}
