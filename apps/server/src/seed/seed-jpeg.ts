// Real (decodable) JPEG photos for the demo seed, made at seed time: receipts and survey photos must
// pass the upload's byte sniffing and show in the app's photo modal, and a file in the repository
// would not reach the bundled server (npm start). Each 8×8 block is one solid colour, so only its DC
// coefficient is non-zero: a baseline JPEG with two tiny Huffman tables, no DCT needed.

export type Rgb = readonly [number, number, number];

/** Standard JPEG markers of a baseline, 3-component, 1×1-sampled picture with quantisation 1. */
function header(width: number, height: number): Buffer {
  const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
  const dcCounts = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]; // 12 categories, 4-bit codes 0000…1011
  const acCounts = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]; // only end-of-block, code '0'
  return Buffer.from([
    0xff,
    0xd8,
    // APP0 JFIF 1.01, no thumbnail
    0xff,
    0xe0,
    ...u16(16),
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    1,
    1,
    0,
    ...u16(1),
    ...u16(1),
    0,
    0,
    // DQT: table 0, all ones
    0xff,
    0xdb,
    ...u16(67),
    0x00,
    ...new Array<number>(64).fill(1),
    // SOF0: 8-bit, height, width, Y Cb Cr each 1×1 with table 0
    0xff,
    0xc0,
    ...u16(17),
    8,
    ...u16(height),
    ...u16(width),
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    0,
    3,
    0x11,
    0,
    // DHT: DC table 0 (symbols 0…11), AC table 0 (symbol 0x00)
    0xff,
    0xc4,
    ...u16(2 + 17 + 12 + 17 + 1),
    0x00,
    ...dcCounts,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    0x10,
    ...acCounts,
    0x00,
    // SOS: three components, tables 0/0, full spectrum
    0xff,
    0xda,
    ...u16(12),
    3,
    1,
    0x00,
    2,
    0x00,
    3,
    0x00,
    0,
    63,
    0,
  ]);
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;
  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.acc = 0;
    this.count = 0;
  }
  end(): Buffer {
    while (this.count !== 0) this.write(1, 1); // pad with ones
    return Buffer.from(this.bytes);
  }
}

const clamp = (n: number) => Math.max(0, Math.min(255, n));
function toYCbCr([r, g, b]: Rgb): [number, number, number] {
  return [
    clamp(0.299 * r + 0.587 * g + 0.114 * b),
    clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b),
    clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b),
  ];
}

/**
 * A JPEG of `columns`×`rows` blocks of 8×8 pixels, block (x, y) painted `colourAt(x, y)`. A constant
 * block's DC coefficient is 8·(value − 128); with quantisation 1 that is what is coded.
 */
export function blockJpeg(columns: number, rows: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const bits = new BitWriter();
  const previous = [0, 0, 0];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      toYCbCr(colourAt(x, y)).forEach((value, component) => {
        const dc = Math.round(8 * (value - 128));
        const diff = dc - previous[component]!;
        previous[component] = dc;
        const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        bits.write(category, 4);
        if (category > 0) bits.write(diff >= 0 ? diff : diff + (1 << category) - 1, category);
        bits.write(0, 1); // end of block: every AC coefficient is zero
      });
    }
  }
  return Buffer.concat([header(columns * 8, rows * 8), bits.end(), Buffer.from([0xff, 0xd9])]);
}

const WHITE: Rgb = [250, 250, 246];
const INK: Rgb = [60, 60, 60];

/** A till receipt: a white strip with lines of 'print' of varying length, `variant` shifting them. */
export function receiptJpeg(variant: number): Buffer {
  return blockJpeg(24, 40, (x, y) => {
    if (x < 2 || x > 21 || y < 2 || y > 37 || y % 3 !== 0) return WHITE;
    const length = 6 + ((y * 7 + variant * 5) % 13);
    return x - 2 < length ? INK : WHITE;
  });
}

/** A product display: shelves with packs; 'after' has them lined up, 'before' scattered. */
export function displayJpeg(arranged: boolean): Buffer {
  const packs: Rgb[] = [
    [217, 72, 15],
    [25, 113, 194],
    [47, 158, 68],
    [240, 140, 0],
  ];
  return blockJpeg(40, 30, (x, y) => {
    if (y % 10 === 9) return [120, 90, 60]; // shelf board
    const slot = Math.floor(x / 4);
    const filled = arranged ? y % 10 >= 3 : (x * 3 + y * 5) % 7 < 2;
    return filled && x % 4 !== 3 ? packs[(slot + Math.floor(y / 10)) % packs.length]! : [235, 235, 230];
  });
}
