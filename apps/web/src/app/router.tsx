import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './fatal-error/app-error-boundary.tsx';
import { AppLoading, RootLayout } from './layout/root-layout.tsx';
import { LoginRoute } from './routes/login.route.tsx';

/** A lazily loaded page: each route module is its own chunk, fetched when the page is first opened. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

// spec §2 route table
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: AppLoading,
    children: [
      // The first screen of most visits is part of the entry: drawn by its first render, with no
      // further request or loading screen in between (docs/decisions/081-…).
      { index: true, Component: LoginRoute },
      { path: 'login', Component: LoginRoute },
      { path: 'akcje', lazy: page(() => import('./routes/actions.route.tsx'), 'ActionsRoute') },
      { path: 'akcja/:actionId', lazy: page(() => import('./routes/action-detail.route.tsx'), 'ActionDetailRoute') },
      { path: 'akcja/start/:actionId', lazy: page(() => import('./routes/action-start.route.tsx'), 'ActionStartRoute') },
      { path: 'akcja/koniec/:actionId', lazy: page(() => import('./routes/action-end.route.tsx'), 'ActionEndRoute') },
      { path: 'raporty', lazy: page(() => import('./routes/reports.route.tsx'), 'ReportsRoute') },
      { path: 'raport/:reportId', lazy: page(() => import('./routes/report-detail.route.tsx'), 'ReportDetailRoute') },
      { path: 'kalendarz', lazy: page(() => import('./routes/calendar.route.tsx'), 'CalendarRoute') },
      { path: 'user-data', lazy: page(() => import('./routes/user-data.route.tsx'), 'UserDataRoute') },
      { path: 'remind', lazy: page(() => import('./routes/remind.route.tsx'), 'RemindRoute') },
      { path: 'remind/code', lazy: page(() => import('./routes/remind-code.route.tsx'), 'RemindCodeRoute') },
      { path: 'mgm', lazy: page(() => import('./routes/mgm.route.tsx'), 'MgmRoute') },
      { path: 'webform', lazy: page(() => import('./routes/webform.route.tsx'), 'WebformRoute') },
      { path: 'photos', lazy: page(() => import('./routes/photos.route.tsx'), 'PhotosRoute') },
      // issue 37: her inbox, opened by the header's bell and by a tap on a push
      { path: 'powiadomienia', lazy: page(() => import('./routes/notifications.route.tsx'), 'NotificationsRoute') },
      // /404 and any unknown path (spec §2)
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
