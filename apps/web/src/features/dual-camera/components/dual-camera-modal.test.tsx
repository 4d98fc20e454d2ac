import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeCanvas } from '../../../lib/images/test/fake-canvas.ts';
import { setUpFakeCamera, shutter, waitForLivePreview } from '../test/camera-modal-kit.ts';
import type { FakeCameraOptions } from '../test/fake-camera.ts';
import { DualCameraModal, type DualCameraPhotos } from './dual-camera-modal.tsx';

const installCamera = setUpFakeCamera();

function renderModal(options: FakeCameraOptions = {}) {
  const { camera, objectUrls } = installCamera(options);
  const onAccept = vi.fn<(photos: DualCameraPhotos) => void>();
  const onClose = vi.fn();
  const view = render(<DualCameraModal open onAccept={onAccept} onClose={onClose} />);
  return { camera, objectUrls, onAccept, onClose, view, user: userEvent.setup() };
}

async function takePhotos(user: ReturnType<typeof userEvent.setup>) {
  await waitForLivePreview();
  await user.click(shutter());
  await screen.findByRole('img', { name: /^Drugie zdjęcie/ });
}

/** What the fake canvas wrote into each accepted JPEG: which camera took it. */
async function acceptedPhotos(onAccept: ReturnType<typeof vi.fn<(photos: DualCameraPhotos) => void>>) {
  expect(onAccept).toHaveBeenCalledTimes(1);
  const [photos] = onAccept.mock.calls[0] ?? [];
  if (!photos) throw new Error('onAccept got no photos');
  const { front, rear, sameCamera } = photos;
  expect(front.type).toBe('image/jpeg');
  expect(rear.type).toBe('image/jpeg');
  return { front: await front.text(), rear: await rear.text(), sameCamera };
}

const mainPhoto = () => screen.getByRole('img', { name: /^Zdjęcie główne/ });
const sameCameraNote = 'Nie udało się uruchomić drugiego aparatu — oba zdjęcia zrobiono tym samym aparatem.';

describe('dual-camera modal', () => {
  it('opens the rear camera at 1280×960 (4:3) in a labelled dialog', async () => {
    const { camera } = renderModal();

    await waitForLivePreview();

    expect(screen.getByRole('dialog', { name: 'Zdjęcia z aparatu' })).toBeInTheDocument();
    expect(screen.getByText('Główny aparat: tylny')).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { width: { ideal: 1280 }, height: { ideal: 960 }, aspectRatio: { ideal: 4 / 3 }, facingMode: { ideal: 'environment' } },
    });
    expect(camera.opened()).toEqual(['rear camera']);
  });

  it('the shutter takes the rear photo, then the front one, stopping the rear camera first; the camera is off during review', async () => {
    // oneAtATime: the front camera would refuse to open while the rear one still streams.
    const { camera, onAccept, user } = renderModal({ oneAtATime: true });

    await takePhotos(user);

    expect(mainPhoto()).toHaveAccessibleName('Zdjęcie główne, aparat tylny');
    expect(screen.getByRole('img', { name: 'Drugie zdjęcie, aparat przedni' })).toBeInTheDocument();
    expect(screen.queryByText(sameCameraNote)).not.toBeInTheDocument();
    expect(camera.opened()).toEqual(['rear camera', 'front camera']);
    expect(camera.liveStreams()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));

    expect(await acceptedPhotos(onAccept)).toEqual({ front: 'photo from front camera', rear: 'photo from rear camera', sameCamera: false });
  });

  it('"Zamień zdjęcia" makes the other photo the main one; accept still returns them by camera side', async () => {
    const { onAccept, user } = renderModal();
    await takePhotos(user);

    await user.click(screen.getByRole('button', { name: 'Zamień zdjęcia' }));

    expect(await screen.findByRole('img', { name: 'Zdjęcie główne, aparat przedni' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Drugie zdjęcie, aparat tylny' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(await acceptedPhotos(onAccept)).toMatchObject({ front: 'photo from front camera', rear: 'photo from rear camera' });
  });

  it('"Przełącz aparat" makes the front camera the main one', async () => {
    const { camera, onAccept, user } = renderModal();
    await waitForLivePreview();

    await user.click(screen.getByRole('button', { name: 'Przełącz aparat' }));

    expect(await screen.findByText('Główny aparat: przedni')).toBeInTheDocument();
    await takePhotos(user);
    expect(mainPhoto()).toHaveAccessibleName('Zdjęcie główne, aparat przedni');
    expect(camera.opened()).toEqual(['rear camera', 'front camera', 'rear camera']);
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(await acceptedPhotos(onAccept)).toMatchObject({ front: 'photo from front camera', rear: 'photo from rear camera' });
  });

  it('"Zrób ponownie" drops the pair and reopens the live camera', async () => {
    const { camera, objectUrls, onAccept, user } = renderModal();
    await takePhotos(user);

    await user.click(screen.getByRole('button', { name: 'Zrób ponownie' }));

    await waitForLivePreview();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(objectUrls.live.size).toBe(0);
    expect(camera.liveStreams().map((stream) => stream.label)).toEqual(['rear camera']);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('with one camera only, both photos come from it and the modal says so', async () => {
    const { camera, onAccept, user } = renderModal({ cameras: [{ label: 'webcam' }] });

    await takePhotos(user);

    expect(screen.getByText(sameCameraNote)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Drugie zdjęcie, aparat tylny' })).toBeInTheDocument();
    expect(camera.opened()).toEqual(['webcam']);
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(await acceptedPhotos(onAccept)).toEqual({ front: 'photo from webcam', rear: 'photo from webcam', sameCamera: true });
  });

  it('when the other camera cannot be opened, the second photo comes from the main camera with the note', async () => {
    // Two rear lenses and no front camera: nothing faces the user, and the second lens faces the same way.
    const { camera, onAccept, user } = renderModal({
      cameras: [
        { label: 'rear camera', facing: 'environment' },
        { label: 'rear wide camera', facing: 'environment' },
      ],
    });

    await takePhotos(user);

    expect(screen.getByText(sameCameraNote)).toBeInTheDocument();
    expect(camera.opened()).toEqual(['rear camera', 'rear camera']);
    expect(camera.liveStreams()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(await acceptedPhotos(onAccept)).toEqual({ front: 'photo from rear camera', rear: 'photo from rear camera', sameCamera: true });
  });

  it('two cameras that do not tell their facing (webcams): the second photo comes from the other one', async () => {
    const { onAccept, user } = renderModal({ cameras: [{ label: 'webcam 1' }, { label: 'webcam 2' }] });

    await takePhotos(user);

    expect(screen.queryByText(sameCameraNote)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    expect(await acceptedPhotos(onAccept)).toEqual({ front: 'photo from webcam 2', rear: 'photo from webcam 1', sameCamera: false });
  });

  it('camera permission denied: a Polish message instead of a blank screen, and the modal still closes', async () => {
    const { onClose, user } = renderModal({ failWith: 'NotAllowedError' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Brak dostępu do aparatu. Zezwól na używanie aparatu w ustawieniach przeglądarki lub telefonu i spróbuj ponownie.',
    );
    expect(screen.queryByRole('button', { name: 'Zrób zdjęcie' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('no camera at all: says so, and "Spróbuj ponownie" asks again', async () => {
    const { camera, user } = renderModal({ cameras: [] });

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie znaleziono aparatu w tym urządzeniu.');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('a browser without camera access (no HTTPS) gets its own message', async () => {
    installFakeCanvas();
    render(<DualCameraModal open onAccept={vi.fn()} onClose={vi.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Ta przeglądarka nie daje dostępu do aparatu.');
  });

  it('in StrictMode (effects run twice in development) only one camera stream stays open', async () => {
    const { camera } = installCamera();
    render(
      <StrictMode>
        <DualCameraModal open onAccept={vi.fn()} onClose={vi.fn()} />
      </StrictMode>,
    );

    await waitForLivePreview();

    await waitFor(() => expect(camera.liveStreams()).toHaveLength(1));
  });

  it('"Zamknij" and Escape close the modal and stop the camera', async () => {
    const { camera, onClose, user } = renderModal();
    await waitForLivePreview();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(camera.liveStreams()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closing (open=false) during the live preview turns the camera off', async () => {
    const { camera, view } = renderModal();
    await waitForLivePreview();
    expect(camera.liveStreams()).toHaveLength(1);

    view.rerender(<DualCameraModal open={false} onAccept={vi.fn()} onClose={vi.fn()} />);

    expect(camera.liveStreams()).toEqual([]);
  });

  it('when the system takes the camera away, the preview opens it again', async () => {
    const { camera } = renderModal();
    await waitForLivePreview();

    act(() => camera.streams[0]?.track.endBySystem());

    await waitFor(() => expect(camera.liveStreams()).toHaveLength(1));
    expect(camera.opened()).toEqual(['rear camera', 'rear camera']);
    await waitForLivePreview();
  });

  it('closing (open=false) stops even a camera still opening, and frees the photos', async () => {
    const { camera, objectUrls, view, user } = renderModal();
    await takePhotos(user);
    expect(objectUrls.live.size).toBe(2);

    view.rerender(<DualCameraModal open={false} onAccept={vi.fn()} onClose={vi.fn()} />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(objectUrls.live.size).toBe(0);

    // Opened again, and closed before the camera answers: the late stream is stopped on arrival.
    const openForReal = camera.getUserMedia.getMockImplementation();
    let answer: (stream: MediaStream) => void = () => {};
    camera.getUserMedia.mockImplementationOnce(() => new Promise<MediaStream>((resolve) => (answer = resolve)));
    view.rerender(<DualCameraModal open onAccept={vi.fn()} onClose={vi.fn()} />);
    view.rerender(<DualCameraModal open={false} onAccept={vi.fn()} onClose={vi.fn()} />);
    const late = await openForReal?.({ video: {} });
    if (!late) throw new Error('the fake camera opened nothing');
    expect(camera.liveStreams()).toHaveLength(1);
    answer(late);
    await waitFor(() => expect(camera.liveStreams()).toEqual([]));
  });
});
