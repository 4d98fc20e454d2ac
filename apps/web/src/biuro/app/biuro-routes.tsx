import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { StaffLoginPage } from '../auth/staff-login-page.tsx';
import { BiuroLayout } from './biuro-layout.tsx';
import { LoadingState } from '../components/data-states.tsx';
import { RequireStaff, StartPage } from './require-staff.tsx';

/** A page fetched when first opened: the tables and their library stay out of the first screen. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

// The login page is part of the entry: the first screen of the back office, drawn by its first render.
export const biuroRoutes: RouteObject[] = [
  { index: true, Component: StartPage },
  { path: 'logowanie', Component: StaffLoginPage },
  // Without a session (issue 34): her link to set a password, and a forgotten one's two steps.
  {
    path: 'ustaw-haslo',
    HydrateFallback: LoadingState,
    lazy: page(() => import('../auth/set-password-page.tsx'), 'SetPasswordPage'),
  },
  {
    path: 'nie-pamietam-hasla',
    HydrateFallback: LoadingState,
    lazy: page(() => import('../auth/forgot-password-pages.tsx'), 'ForgotPasswordPage'),
  },
  {
    path: 'nie-pamietam-hasla/kod',
    HydrateFallback: LoadingState,
    lazy: page(() => import('../auth/forgot-password-pages.tsx'), 'ForgotPasswordCodePage'),
  },
  {
    Component: RequireStaff,
    HydrateFallback: LoadingState,
    children: [
      {
        Component: BiuroLayout,
        children: [
          { path: 'promotorzy', lazy: page(() => import('../promoters/promoters-page.tsx'), 'PromotersPage') },
          { path: 'plan', lazy: page(() => import('../plan/plan-page.tsx'), 'PlanPage') },
          { path: 'nieobsadzone', lazy: page(() => import('../plan/open-actions-page.tsx'), 'OpenActionsPage') },
          { path: 'punkty', lazy: page(() => import('../points/points-page.tsx'), 'PointsPage') },
          { path: 'wydarzenia', lazy: page(() => import('../catalogue/events-page.tsx'), 'EventsPage') },
          { path: 'terytoria', lazy: page(() => import('../catalogue/territories-page.tsx'), 'TerritoriesPage') },
          { path: 'vouchery', lazy: page(() => import('../vouchers/vouchers-page.tsx'), 'VouchersPage') },
          { path: 'raporty', lazy: page(() => import('../reports/reports-page.tsx'), 'ReportsPage') },
          { path: 'zdjecia', lazy: page(() => import('../photos/photos-page.tsx'), 'PhotosPage') },
          { path: 'eksporty', lazy: page(() => import('../exports/exports-page.tsx'), 'ExportsPage') },
          { path: 'konsumenci', lazy: page(() => import('../consumers/consumers-page.tsx'), 'ConsumersPage') },
          { path: 'wnioski', lazy: page(() => import('../requests/requests-page.tsx'), 'RequestsPage') },
          { path: 'dziennik', lazy: page(() => import('../audit/audit-page.tsx'), 'AuditPage') },
          { path: 'na-zywo', lazy: page(() => import('../live/live-page.tsx'), 'LivePage') },
          { path: 'pulpit', lazy: page(() => import('../dashboard/dashboard-page.tsx'), 'DashboardPage') },
          { path: 'personel', lazy: page(() => import('../staff/staff-page.tsx'), 'StaffPage') },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
