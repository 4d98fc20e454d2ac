import { describe, expect, it, vi } from 'vitest';
import { drawContained } from './draw-contained.ts';
import { installFakeCanvas } from './test/fake-canvas.ts';

function picture(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

describe('drawContained', () => {
  it('fits a landscape frame into a portrait receipt: the whole frame, centred, nothing stretched', () => {
    installFakeCanvas();
    const frame = picture(1600, 1100);
    const spy = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');

    const canvas = drawContained(frame, { width: 1100, height: 1600 });

    expect([canvas.width, canvas.height]).toEqual([1100, 1600]);
    const context = spy.mock.results.at(-1)?.value as { drawImage: ReturnType<typeof vi.fn>; fillRect: ReturnType<typeof vi.fn> };
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 1100, 1600);
    // 1600×1100 scaled by 1100/1600 is 1100×756, centred: (1600 − 756) / 2 = 422 from the top.
    expect(context.drawImage).toHaveBeenCalledWith(frame, 0, 422, 1100, 756);
  });

  it('enlarges a small picture to fill the size along its longer fit', () => {
    installFakeCanvas();
    const spy = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const small = picture(550, 800);

    drawContained(small, { width: 1100, height: 1600 });

    const context = spy.mock.results.at(-1)?.value as { drawImage: ReturnType<typeof vi.fn> };
    expect(context.drawImage).toHaveBeenCalledWith(small, 0, 0, 1100, 1600);
  });
});
