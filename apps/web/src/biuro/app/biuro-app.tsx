import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BiuroErrorPage } from './biuro-error-page.tsx';
import { biuroRoutes } from './biuro-routes.tsx';

/** Every path of the back office is under /biuro (the server sends biuro.html for all of them). */
export const BIURO_BASENAME = '/biuro';

export function BiuroApp() {
  const [router] = useState(() =>
    createBrowserRouter([{ ErrorBoundary: BiuroErrorPage, children: biuroRoutes }], { basename: BIURO_BASENAME }),
  );
  return <RouterProvider router={router} />;
}
