import fs from 'node:fs';
import { inflateSync } from 'node:zlib';

// A WOFF 1.0 font (W3C WOFF File Format 1.0, §3–5) unpacked to the TrueType/OpenType file it wraps.
// pdfkit reads WOFF itself, but inflates it in JavaScript on every document (~0.6 s per font); unpacked
// once here with the native zlib, each proof embeds from the plain file in tens of milliseconds.

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const sfnt = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    sfnt.writeUInt32BE(t.tag, record);
    sfnt.writeUInt32BE(t.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(sfnt, offset);
    offset += padded(t.data.length);
  });
  return sfnt;
}

const unpacked = new Map<string, Buffer>();

/** The font file at `file` (WOFF) as TrueType, unpacked once per process. */
export function sfntOf(file: string): Buffer {
  let font = unpacked.get(file);
  if (!font) {
    font = woffToSfnt(fs.readFileSync(file));
    unpacked.set(file, font);
  }
  return font;
}
