import { PHOTO_TARGET_BYTES } from '@promotor/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { compressImage } from './compress-image.ts';
import { fakeContext, installFakeCanvas } from './test/fake-canvas.ts';

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

describe('compressImage', () => {
  it('turns a 4000×3000 camera frame into a 1280×960 JPEG at quality 0.85', async () => {
    const { encodings } = installFakeCanvas();

    const blob = await compressImage(canvasOf(4000, 3000));

    expect(blob.type).toBe('image/jpeg');
    expect(encodings).toEqual([{ width: 1280, height: 960, type: 'image/jpeg', quality: 0.85 }]);
  });

  it('honours a smaller maximum side', async () => {
    const { encodings } = installFakeCanvas();

    await compressImage(canvasOf(1280, 960), { maxSide: 640 });

    expect(encodings[0]).toMatchObject({ width: 640, height: 480 });
  });

  it('lowers the quality while the JPEG is over the target', async () => {
    const { encodings } = installFakeCanvas();

    // The fake encodes a few bytes of text: a 4-byte target is always missed, so every step is tried.
    await compressImage(canvasOf(1280, 960), { targetBytes: 4 });

    expect(encodings.map((each) => each.quality).slice(0, 5)).toEqual([0.85, 0.75, 0.65, 0.55, 0.5]);
    expect(encodings.at(-1)?.width).toBeLessThan(1280);
  });

  it('decodes a picked file and frees the decoded picture afterwards', async () => {
    installFakeCanvas();
    const bitmap = { width: 3000, height: 4000, label: 'picked file', close: vi.fn() };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', decode);

    const blob = await compressImage(new Blob(['not really a png'], { type: 'image/png' }));

    expect(decode).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(await blob.text()).toBe('picked file');
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('encodes on an OffscreenCanvas where the browser has one', async () => {
    const converted: Array<{ width: number; height: number; options: ImageEncodeOptions }> = [];
    class FakeOffscreenCanvas {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return fakeContext(this);
      }
      async convertToBlob(options: ImageEncodeOptions) {
        converted.push({ width: this.width, height: this.height, options });
        return new Blob([new Uint8Array(PHOTO_TARGET_BYTES - 1)], { type: options.type });
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);

    const blob = await compressImage(canvasOf(2560, 1920));

    expect(converted).toEqual([{ width: 1280, height: 960, options: { type: 'image/jpeg', quality: 0.85 } }]);
    expect(blob.size).toBe(PHOTO_TARGET_BYTES - 1);
  });
});
