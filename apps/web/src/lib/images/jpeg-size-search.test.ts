import { describe, expect, it, vi } from 'vitest';
import {
  findJpegWithinTarget,
  fitWithin,
  JPEG_QUALITY_STEPS,
  MIN_SCALE,
  nextScale,
  scaleSize,
  type EncodeJpeg,
} from './jpeg-size-search.ts';

const KB = 1024;

/** A fake encoder whose output shrinks with quality and with the pixel count, like a real JPEG. */
function fakeEncoder(bytesAtBest: number): EncodeJpeg & { calls: Array<[number, number]> } {
  const calls: Array<[number, number]> = [];
  const encode = vi.fn(async (quality: number, scale: number) => {
    calls.push([quality, scale]);
    const bytes = Math.round(bytesAtBest * (quality / 0.85) * scale * scale);
    return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  });
  return Object.assign(encode, { calls });
}

describe('fitWithin', () => {
  it('shrinks a 4000×3000 camera photo to 1280×960', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 1280)).toEqual({ width: 1280, height: 960 });
  });

  it('limits the long side of a portrait photo too', () => {
    expect(fitWithin({ width: 1836, height: 3264 }, 1280)).toEqual({ width: 720, height: 1280 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin({ width: 640, height: 480 }, 1280)).toEqual({ width: 640, height: 480 });
  });
});

describe('scaleSize', () => {
  it('rounds to whole pixels and keeps at least one', () => {
    expect(scaleSize({ width: 1280, height: 960 }, 0.5)).toEqual({ width: 640, height: 480 });
    expect(scaleSize({ width: 3, height: 1 }, 0.1)).toEqual({ width: 1, height: 1 });
  });
});

describe('nextScale', () => {
  it('aims under the target assuming bytes grow with the pixel count', () => {
    // 4× too big → half the side, minus the 10 % margin
    expect(nextScale(1, 1200 * KB, 300 * KB)).toBeCloseTo(0.45);
  });

  it('shrinks by at least 10 % even when only a little over', () => {
    expect(nextScale(1, 301 * KB, 300 * KB)).toBeCloseTo(0.9);
  });

  it('never goes below the minimum scale', () => {
    expect(nextScale(0.3, 100_000 * KB, 300 * KB)).toBe(MIN_SCALE);
  });
});

describe('findJpegWithinTarget', () => {
  it('keeps the best quality when it already fits', async () => {
    const encode = fakeEncoder(200 * KB);

    const blob = await findJpegWithinTarget(encode, 300 * KB);

    expect(encode.calls).toEqual([[0.85, 1]]);
    expect(blob.size).toBe(200 * KB);
  });

  it('lowers the quality step by step until the photo fits', async () => {
    const encode = fakeEncoder(400 * KB);

    const blob = await findJpegWithinTarget(encode, 300 * KB);

    expect(encode.calls.map(([quality]) => quality)).toEqual([0.85, 0.75, 0.65, 0.55]);
    expect(encode.calls.every(([, scale]) => scale === 1)).toBe(true);
    expect(blob.size).toBeLessThanOrEqual(300 * KB);
  });

  it('scales down at the lowest quality when even that is too big', async () => {
    const encode = fakeEncoder(2000 * KB);

    const blob = await findJpegWithinTarget(encode, 300 * KB);

    expect(encode.calls.slice(0, JPEG_QUALITY_STEPS.length).map(([quality]) => quality)).toEqual([...JPEG_QUALITY_STEPS]);
    const [quality, scale] = encode.calls[JPEG_QUALITY_STEPS.length] ?? [];
    expect(quality).toBe(0.5);
    expect(scale).toBeLessThan(1);
    expect(blob.size).toBeLessThanOrEqual(300 * KB);
  });

  it('returns the smallest encoding when nothing reaches the target, instead of failing', async () => {
    const encode = vi.fn(
      async (quality: number, scale: number) => new Blob([new Uint8Array(Math.round(1000 * KB * quality * (0.9 + scale / 10)))]),
    );

    const blob = await findJpegWithinTarget(encode, 10 * KB);

    const sizes = await Promise.all(encode.mock.results.map((result) => result.value as Promise<Blob>));
    expect(blob.size).toBe(Math.min(...sizes.map((each) => each.size)));
    expect(encode.mock.calls.length).toBeLessThanOrEqual(JPEG_QUALITY_STEPS.length + 4);
  });
});
