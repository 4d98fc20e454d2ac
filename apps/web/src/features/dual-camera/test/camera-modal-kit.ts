import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { installFakeCanvas } from '../../../lib/images/test/fake-canvas.ts';
import { installFakeCamera, installFakeObjectUrls, type FakeCameraOptions } from './fake-camera.ts';

/**
 * For the tests of a capture modal: call once at the top of the file; the function it returns installs
 * the fake camera, canvas and object URLs for one test. The camera is removed after each test (the
 * spies are restored by src/test/setup.ts).
 */
export function setUpFakeCamera() {
  let uninstall: (() => void) | undefined;
  afterEach(() => {
    uninstall?.();
    uninstall = undefined;
  });
  return (options: FakeCameraOptions = {}) => {
    const camera = installFakeCamera(options);
    uninstall = camera.uninstall;
    installFakeCanvas();
    const objectUrls = installFakeObjectUrls();
    return { camera, objectUrls };
  };
}

export const shutter = () => screen.getByRole('button', { name: 'Zrób zdjęcie' });

export async function waitForLivePreview() {
  await waitFor(() => expect(shutter()).toHaveAttribute('aria-disabled', 'false'));
}
