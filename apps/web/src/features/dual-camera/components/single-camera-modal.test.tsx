import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setUpFakeCamera, shutter, waitForLivePreview } from '../test/camera-modal-kit.ts';
import type { FakeCameraOptions } from '../test/fake-camera.ts';
import { SingleCameraModal } from './single-camera-modal.tsx';

const installCamera = setUpFakeCamera();

function renderModal(options: FakeCameraOptions = {}) {
  const { camera } = installCamera(options);
  const onAccept = vi.fn<(photo: Blob) => void>();
  const onClose = vi.fn();
  render(<SingleCameraModal open onAccept={onAccept} onClose={onClose} />);
  return { camera, onAccept, onClose, user: userEvent.setup() };
}

describe('single-shot camera modal', () => {
  it('takes one photo with the rear camera, turns the camera off for the review and hands over the JPEG', async () => {
    const { camera, onAccept, user } = renderModal();
    await waitForLivePreview();
    expect(screen.getByRole('dialog', { name: 'Aparat' })).toBeInTheDocument();
    expect(screen.getByText('Aparat: tylny')).toBeInTheDocument();

    await user.click(shutter());

    expect(await screen.findByRole('img', { name: 'Zrobione zdjęcie' })).toBeInTheDocument();
    expect(camera.opened()).toEqual(['rear camera']);
    expect(camera.liveStreams()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    const photo = onAccept.mock.calls[0]![0];
    expect(photo.type).toBe('image/jpeg');
    expect(await photo.text()).toBe('photo from rear camera');
  });

  it('"Zrób ponownie" drops the photo and reopens the live camera; "Przełącz aparat" uses the front one', async () => {
    const { camera, onAccept, user } = renderModal();
    await waitForLivePreview();
    await user.click(shutter());
    await user.click(await screen.findByRole('button', { name: 'Zrób ponownie' }));
    await waitForLivePreview();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Przełącz aparat' }));
    expect(await screen.findByText('Aparat: przedni')).toBeInTheDocument();
    await waitForLivePreview();
    await user.click(shutter());
    await user.click(await screen.findByRole('button', { name: 'Akceptuj' }));
    expect(await onAccept.mock.calls[0]![0].text()).toBe('photo from front camera');
    expect(camera.opened()).toEqual(['rear camera', 'rear camera', 'front camera']);
  });

  it('a refused camera says why, and closing stops everything', async () => {
    const { onClose, user } = renderModal({ failWith: 'NotAllowedError' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak dostępu do aparatu.');
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
