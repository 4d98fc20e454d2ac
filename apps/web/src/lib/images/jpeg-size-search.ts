// The pure half of photo compression (docs/decisions/030-dual-camera.md): how big the picture may be
// and which JPEG quality and scale bring it under the byte target. No canvas here, so it is unit-tested
// without a browser.

/** Encodes the picture as JPEG at `quality` (0..1) and `scale` (of the size from `fitWithin`, 0..1]. */
export type EncodeJpeg = (quality: number, scale: number) => Promise<Blob>;

/** Qualities tried at full size, best first (spec §9: about 300 KB a photo). */
export const JPEG_QUALITY_STEPS = [0.85, 0.75, 0.65, 0.55, 0.5] as const;
/** Never shrink below a quarter of the fitted size: a tiny photo proves nothing. */
export const MIN_SCALE = 0.25;
/** How many smaller sizes to try at the lowest quality before giving up and taking the smallest. */
export const MAX_SCALE_STEPS = 4;

export type Size = { width: number; height: number };

/** The size with the long side at most `maxSide`, keeping the aspect ratio; never enlarges. */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const factor = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/** `size` times `scale`, rounded to whole pixels and at least 1×1. */
export function scaleSize({ width, height }: Size, scale: number): Size {
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The next scale to try when `bytes` at `scale` is still over `targetBytes`. A JPEG's size grows about
 * with its pixel count, the square of the scale; aim 10 % under the target, shrink at least 10 % a step,
 * and stop at MIN_SCALE.
 */
export function nextScale(scale: number, bytes: number, targetBytes: number): number {
  const estimate = scale * Math.sqrt(targetBytes / bytes) * 0.9;
  return Math.max(MIN_SCALE, Math.min(estimate, scale * 0.9));
}

/**
 * Lowers the quality stepwise (0.85 → 0.5) at full size; if the lowest is still too big, scales down at
 * the lowest quality. Returns the first encoding within `targetBytes`, else the smallest one made:
 * the target is an aim, never a reason to lose the photo.
 */
export async function findJpegWithinTarget(encode: EncodeJpeg, targetBytes: number): Promise<Blob> {
  let smallest: Blob | undefined;
  const keepSmallest = (blob: Blob) => {
    if (!smallest || blob.size < smallest.size) smallest = blob;
    return blob.size <= targetBytes;
  };

  for (const quality of JPEG_QUALITY_STEPS) {
    const blob = await encode(quality, 1);
    if (keepSmallest(blob)) return blob;
  }

  const lowestQuality = JPEG_QUALITY_STEPS[JPEG_QUALITY_STEPS.length - 1] ?? 0.5;
  let scale = 1;
  let bytes = smallest?.size ?? targetBytes;
  for (let step = 0; step < MAX_SCALE_STEPS && scale > MIN_SCALE; step += 1) {
    scale = nextScale(scale, bytes, targetBytes);
    const blob = await encode(lowestQuality, scale);
    if (keepSmallest(blob)) return blob;
    bytes = blob.size;
  }
  if (!smallest) throw new Error('No JPEG encoding was made.');
  return smallest;
}
