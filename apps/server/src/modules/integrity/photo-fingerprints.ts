// Issue 38 (decision 138): what a photo looks like, in a few bytes, to tell the same scene again.
// Made from the thumbnail the blob store made at upload (plugins/thumbnails.ts, 320 px WebP): the
// full photo is decoded once, for that thumbnail; this decodes the small one (a few ms). A 64-bit
// perceptual hash and the luminance's spread need no more detail than 320 px holds.

let sharpLoading: Promise<typeof import('sharp')> | null = null;
const loadSharp = () => (sharpLoading ??= import('sharp'));

/**
 * The 64-bit perceptual hash (16 hex digits, stored in action_files.dhash), the hashes of the picture's
 * centre at CROP_SHARES (action_files.dhash_crops) and the luminance's standard deviation (0–128).
 */
export type PhotoLooks = { dhash: string; crops: string[]; spread: number };

/** The picture is reduced to SIDE × SIDE grey pixels; its BITS × BITS lowest frequencies make the hash. */
const SIDE = 32;
const BITS = 8;
const COSINES = Array.from({ length: BITS }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);
/**
 * A photo of a screen showing an earlier photo is that photo zoomed in (the screen's edges left out),
 * dimmer and softer. The pHash shrugs off the light and the blur, not the zoom: 4 % off each side
 * moves it 6–14 bits. So each photo also keeps the hashes of its centre with these shares cut off each
 * side; a new photo within 1.25 % of one of them is as close as a resized copy (decision 138: a
 * re-shot cropped 2–9 % off each side, off-centre by up to 1 %, came within 6 bits of one of these
 * in 60 of 60; different scenes stayed 16 bits or more apart, as with the whole picture alone).
 */
export const CROP_SHARES = [0.025, 0.05, 0.075, 0.1] as const;

/**
 * The photo's looks, or null when the bytes cannot be read as an image (the upload stands without
 * them). The hash is a DCT pHash, as `sharp-phash` makes it: resizing, recompressing and a slight
 * crop change few of its bits, another scene about half (measured in decision 138 against a dHash).
 */
export async function looksOf(image: Buffer): Promise<PhotoLooks | null> {
  try {
    const { default: sharp } = await loadSharp();
    const grey = await sharp(image, { failOn: 'none' }).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = grey.info;
    if (channels !== 1) return null;
    const hashOf = async (share: number) => {
      const left = Math.round(width * share);
      const top = Math.round(height * share);
      // greyscale again: sharp writes sRGB (three channels) unless told otherwise, even from one channel.
      const small = await sharp(grey.data, { raw: { width, height, channels } })
        .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
        .resize(SIDE, SIDE, { fit: 'fill' })
        .greyscale()
        .raw()
        .toBuffer();
      return small.length === SIDE * SIDE ? perceptualHash(small) : null;
    };
    const [dhash, ...crops] = await Promise.all([hashOf(0), ...CROP_SHARES.map(hashOf)]);
    if (!dhash) return null;
    return { dhash, crops: crops.filter((h): h is string => h !== null), spread: spreadOf(grey.data) };
  } catch {
    return null;
  }
}

/** The 8×8 lowest frequencies of a 32×32 DCT, each 1 where it is above their median. */
function perceptualHash(pixels: Buffer): string {
  // Separable: each row's 8 lowest frequencies, then down the columns.
  const rows = Array.from({ length: SIDE }, (_, y) =>
    COSINES.map((cos) => {
      let sum = 0;
      for (let x = 0; x < SIDE; x += 1) sum += pixels[y * SIDE + x]! * cos[x]!;
      return sum;
    }),
  );
  const coefficients: number[] = [];
  for (const cos of COSINES) {
    for (let v = 0; v < BITS; v += 1) {
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) sum += rows[y]![v]! * cos[y]!;
      coefficients.push(sum);
    }
  }
  // The median of all but the mean brightness (the first), which would dominate.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[(coefficients.length - 1) >> 1]!;
  let bits = 0n;
  for (const c of coefficients) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** The standard deviation of grey values 0–255: at most 127.5; a covered camera's is near 0. */
function spreadOf(pixels: Buffer): number {
  let sum = 0;
  let squares = 0;
  for (const value of pixels) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / pixels.length;
  return Math.sqrt(Math.max(0, squares / pixels.length - mean * mean));
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
