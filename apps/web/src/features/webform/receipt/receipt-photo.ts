import { compressImage } from '../../../lib/images/compress-image.ts';
import { drawContained } from '../../../lib/images/draw-contained.ts';

// spec §9 Camera capture: "webform receipt 1100x1600 JPEG, video ideal 1600x1100, facing the
// environment". The camera modal starts on the rear camera (environment) by itself.

/** The receipt photo's exact size: portrait, like a receipt. */
export const RECEIPT_PHOTO_SIZE = { width: 1100, height: 1600 } as const;
/** What the camera is asked for (ideal): the sensor's landscape 1600×1100, upright on a phone held upright. */
export const RECEIPT_VIDEO_SIZE = { width: 1600, height: 1100 } as const;

/**
 * A picked picture as a receipt photo: the whole picture fitted into 1100×1600 on white, JPEG, EXIF
 * (the GPS position among it) left behind. Rejects what cannot be decoded as an image.
 */
export async function receiptFromFile(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const canvas = drawContained(bitmap, RECEIPT_PHOTO_SIZE);
    return await compressImage(canvas, { maxSide: RECEIPT_PHOTO_SIZE.height });
  } finally {
    bitmap.close();
  }
}
