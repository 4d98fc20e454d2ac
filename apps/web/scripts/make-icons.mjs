// Draws the PWA icons (public/icons/*.png) without an image library: a white "P" with an orange dot
// on the navy brand colour, anti-aliased by 4×4 supersampling, written as a plain RGBA PNG.
// Run once after changing the design: `npm run icons -w @promotor/web`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

const NAVY = [0x1d, 0x2a, 0x44];
const WHITE = [0xff, 0xff, 0xff];
const ORANGE = [0xf2, 0x6b, 0x21];
const SAMPLES = 4;

const inDisc = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

/** The glyph in a unit box: which colour a point has, or null for the background. */
function glyph(x, y) {
  if (inDisc(x, y, 0.76, 0.8, 0.1)) return ORANGE;
  const stem = inRect(x, y, 0.16, 0.08, 0.36, 0.92);
  const bowlOuter = inRect(x, y, 0.26, 0.08, 0.48, 0.6) || (x >= 0.48 && inDisc(x, y, 0.48, 0.34, 0.26));
  const bowlInner = inRect(x, y, 0.36, 0.26, 0.48, 0.42) || (x >= 0.48 && inDisc(x, y, 0.48, 0.34, 0.08));
  return stem || (bowlOuter && !bowlInner) ? WHITE : null;
}

/** A point of the whole icon: rgba, or null when transparent. */
function iconPixel(u, v, { maskable }) {
  const corner = 0.2;
  if (!maskable) {
    // Rounded square: transparent outside the rounded corners.
    const cx = Math.min(Math.max(u, corner), 1 - corner);
    const cy = Math.min(Math.max(v, corner), 1 - corner);
    if (!inDisc(u, v, cx, cy, corner)) return null;
  }
  // Maskable icons may be cut to a circle of 80 % of the size: keep the glyph well inside it.
  const box = maskable ? 0.5 : 0.62;
  const gx = (u - (1 - box) / 2) / box;
  const gy = (v - (1 - box) / 2) / box;
  return (gx >= 0 && gx <= 1 && gy >= 0 && gy <= 1 && glyph(gx, gy)) || NAVY;
}

function render(size, options) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = iconPixel((x + (sx + 0.5) / SAMPLES) / size, (y + (sy + 0.5) / SAMPLES) / size, options);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const o = 1 + x * 4;
      if (a > 0) {
        row[o] = Math.round(r / a);
        row[o + 1] = Math.round(g / a);
        row[o + 2] = Math.round(b / a);
      }
      row[o + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const outDir = path.join(import.meta.dirname, '..', 'public', 'icons');
fs.mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, { maskable: false }],
  ['icon-512.png', 512, { maskable: false }],
  ['icon-maskable-512.png', 512, { maskable: true }],
];
for (const [name, size, options] of icons) {
  const file = path.join(outDir, name);
  fs.writeFileSync(file, render(size, options));
  console.log(`${path.relative(process.cwd(), file)} ${fs.statSync(file).size} B`);
}
