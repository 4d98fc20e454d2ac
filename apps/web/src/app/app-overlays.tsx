import { lazy, Suspense } from 'react';
import { ToastList } from '../components/ui/toast-list.tsx';
import { useLastPresent } from '../components/ui/use-presence.ts';
import * as pl from '../i18n/pl.ts';
import { useAppStore } from '../store/app-store.ts';

// Loaded when first needed, like the pages (scripts/check-bundle-size.mjs).
const ErrorPopup = lazy(() => import('../components/ui/error-popup.tsx').then((module) => ({ default: module.ErrorPopup })));
const OutboxFailures = lazy(() => import('./outbox-failures.tsx').then((module) => ({ default: module.OutboxFailures })));

/** The toasts of the store, at the top of every screen. */
export function AppToasts() {
  const toasts = useAppStore((state) => state.toasts);
  const dismissToast = useAppStore((state) => state.dismissToast);
  return <ToastList toasts={toasts} onDismiss={dismissToast} label={pl.toasts.region} />;
}

/** The app-wide error popup (screen.errorPopup). */
export function AppErrorPopup() {
  const popup = useAppStore((state) => state.screen.errorPopup);
  const close = useAppStore((state) => state.closeErrorPopup);
  const shown = useLastPresent(popup); // still shown while it animates out
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ErrorPopup open={popup !== null} description={shown.description} code={shown.code} onClose={close} />
    </Suspense>
  );
}

/**
 * Items of the offline outbox the server refused (issue 3), shown once logged in: the outbox and its
 * IndexedDB code load only then, never for the login page.
 */
export function AppOutboxFailures() {
  const loggedIn = useAppStore((state) => state.user.profile !== null);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <OutboxFailures />
    </Suspense>
  );
}
