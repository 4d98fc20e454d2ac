// sharp (libvips) is loaded at the first thumbnail, not at start: commands and starts that make none
// (most of the e2e fixtures' hundred) save its ~0.3 s.
let sharpLoading: Promise<typeof import('sharp')> | null = null;
const loadSharp = () =>
  (sharpLoading ??= import('sharp').then((module) => {
    // libvips' own cache would keep decoded photos in memory between uploads that never repeat.
    module.default.cache(false);
    return module;
  }));

/** The long side of the back office's small pictures (issue 35): enough for a list row or a gallery tile. */
export const THUMBNAIL_LONG_SIDE = 320;

/**
 * A small WebP of an image (turned as its EXIF says, never enlarged), or null when the bytes cannot be
 * read as one: a thumbnail is a convenience, and the upload stands without it (the full photo opens).
 */
export async function makeThumbnail(data: Buffer): Promise<Buffer | null> {
  try {
    const { default: sharp } = await loadSharp();
    return await sharp(data, { failOn: 'none', limitInputPixels: 60_000_000 })
      .rotate()
      .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
