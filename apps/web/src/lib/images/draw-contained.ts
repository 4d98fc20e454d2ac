import type { Size } from './jpeg-size-search.ts';

type Picture = HTMLCanvasElement | ImageBitmap;

/**
 * A canvas of exactly `size` with the whole of `picture` on it: scaled to fit (up or down, its aspect
 * kept), centred on white. For photos that must have one size (the webform's receipt, spec §9
 * 1100×1600) without cutting off what was framed or stretching it.
 */
export function drawContained(picture: Picture, size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available.');
  const scale = Math.min(size.width / picture.width, size.height / picture.height);
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, Math.round((size.width - width) / 2), Math.round((size.height - height) / 2), width, height);
  return canvas;
}
