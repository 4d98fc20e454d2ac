import { PHOTO_MAX_SIDE_PX, PHOTO_TARGET_BYTES } from '@promotor/contract/constants';
import { findJpegWithinTarget, fitWithin, scaleSize, type Size } from './jpeg-size-search.ts';

export type CompressImageOptions = {
  /** The longest side of the result, in pixels (default PHOTO_MAX_SIDE_PX, 1280). */
  maxSide?: number;
  /** What the JPEG should weigh at most (default PHOTO_TARGET_BYTES, 300 KB); an aim, not a promise. */
  targetBytes?: number;
};

type Drawable = HTMLCanvasElement | ImageBitmap;

/**
 * A photo ready to upload: JPEG, long side at most 1280 px, about 300 KB or less (spec §9).
 * Always re-encodes, so EXIF data of a picked file (its GPS position among it) never leaves the phone.
 */
export async function compressImage(source: Blob | HTMLCanvasElement | ImageBitmap, options: CompressImageOptions = {}): Promise<Blob> {
  const { maxSide = PHOTO_MAX_SIDE_PX, targetBytes = PHOTO_TARGET_BYTES } = options;
  const image: Drawable = source instanceof Blob ? await createImageBitmap(source, { imageOrientation: 'from-image' }) : source;
  try {
    const fitted = fitWithin(image, maxSide);
    return await findJpegWithinTarget((quality, scale) => encodeJpeg(image, scaleSize(fitted, scale), quality), targetBytes);
  } finally {
    // A bitmap decoded here holds the whole decoded picture in memory until closed.
    if (image !== source && 'close' in image) image.close();
  }
}

/** Draws `image` at `size` on a white background (JPEG has no transparency) and encodes it. */
async function encodeJpeg(image: Drawable, size: Size, quality: number): Promise<Blob> {
  const offscreen = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(size.width, size.height);
  const offscreenContext = offscreen?.getContext('2d');
  // OffscreenCanvas encodes without a DOM element; older Safari lacks it (or its 2D context).
  if (offscreen && offscreenContext) {
    draw(offscreenContext, image, size);
    return offscreen.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available.');
  draw(context, image, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded as JPEG.'))), 'image/jpeg', quality);
  });
}

function draw(context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, image: Drawable, { width, height }: Size): void {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}
