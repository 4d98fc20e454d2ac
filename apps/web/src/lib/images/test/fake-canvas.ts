import { vi } from 'vitest';

// jsdom has no canvas. This fake remembers what was drawn where, as text, and "encodes" that text as
// the JPEG's bytes, so a test can tell which camera a photo came from (`await blob.text()`).

export type FakeEncoding = { width: number; height: number; type: string; quality: number | undefined };

const drawn = new WeakMap<object, string>();

function describe(source: unknown): string {
  if (source instanceof HTMLVideoElement) {
    const stream = source.srcObject as { label?: string } | null;
    return `photo from ${stream?.label ?? 'an empty video'}`;
  }
  if (typeof source !== 'object' || source === null) return 'blank';
  const label = (source as { label?: unknown }).label;
  return drawn.get(source) ?? (typeof label === 'string' ? label : 'blank');
}

export function fakeContext(canvas: object) {
  return {
    canvas,
    fillStyle: '',
    imageSmoothingEnabled: true,
    imageSmoothingQuality: 'low',
    fillRect: vi.fn(),
    drawImage: vi.fn((source: unknown) => drawn.set(canvas, describe(source))),
  };
}

/** Fakes `<canvas>` 2D drawing and toBlob; restored by vi.restoreAllMocks (src/test/setup.ts). */
export function installFakeCanvas() {
  const encodings: FakeEncoding[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type = 'image/png',
    quality,
  ) {
    encodings.push({ width: this.width, height: this.height, type, quality: quality as number | undefined });
    const blob = new Blob([describe(this)], { type });
    setTimeout(() => callback(blob), 0);
  });
  return { encodings, describe };
}
