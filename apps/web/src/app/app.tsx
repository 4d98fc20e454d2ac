import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorPopup, AppOutboxFailures, AppToasts } from './app-overlays.tsx';
import { AppErrorBoundary } from './fatal-error/app-error-boundary.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <RouterProvider router={router} />
      <AppToasts />
      <AppErrorPopup />
      <AppOutboxFailures />
    </AppErrorBoundary>
  );
}
