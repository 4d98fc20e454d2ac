import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppErrorPopup, AppOutboxFailures, AppToasts } from '../app/app-overlays.tsx';
import { routes } from '../app/router.tsx';

/** The whole app (routes, toasts, popups) opened at `path`, as a phone would show it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <AppToasts />
      <AppErrorPopup />
      <AppOutboxFailures />
    </>,
  );
  return { ...view, router };
}
