import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Action } from '@promotor/contract';
import { AppToasts } from '../../../app/app-overlays.tsx';
import { useAppStore } from '../../../store/app-store.ts';
import { ActionDetailScreen, ActionEndScreen, ActionStartScreen } from '../components/action-pages.tsx';
import type { CameraModalProps } from '../submit/photo-pair.ts';

export const FRONT = new Blob(['front'], { type: 'image/jpeg' });
export const REAR = new Blob(['rear'], { type: 'image/jpeg' });

/** The dual-camera modal's stand-in: opened, it hands over a front and a rear photo at once. */
export function FakeCamera({ open, onAccept }: CameraModalProps) {
  useEffect(() => {
    if (open) onAccept({ front: FRONT, rear: REAR, sameCamera: false });
  }, [open, onAccept]);
  return null;
}

/** jsdom has no object URLs; the preview only needs some string. */
export function stubObjectUrls(): void {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
}

/** The phone gives this position (or none). */
export function stubPosition(coords: { latitude: number; longitude: number; accuracy: number } | null): void {
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (coords) success({ coords, timestamp: Date.now() } as GeolocationPosition);
      else failure?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1 } as GeolocationPositionError);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

/** The action pages with her list already in the store, opened at `path`. */
export function renderActionPage(path: string, list: Action[]) {
  useAppStore.setState({ actions: { list, currentAction: list.find((a) => a.status.user.status === 'started') ?? null } });
  const router = createMemoryRouter(
    [
      { path: '/akcje', element: <h1>Lista akcji</h1> },
      { path: '/akcja/:actionId', element: <ActionDetailScreen /> },
      { path: '/akcja/start/:actionId', element: <ActionStartScreen Camera={FakeCamera} /> },
      { path: '/akcja/koniec/:actionId', element: <ActionEndScreen Camera={FakeCamera} /> },
    ],
    { initialEntries: ['/akcje', path], initialIndex: 1 },
  );
  const view = render(
    <>
      <RouterProvider router={router} />
      <AppToasts />
    </>,
  );
  return { ...view, router };
}
