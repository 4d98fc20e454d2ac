import { describe, expect, it } from 'vitest';
import { entryGraph } from './entry-graph.ts';

// Decision 081: what a first visit evaluates before the login form is drawn is this list and no more.
// A new static import reachable from src/main.tsx fails here: if the login page needs it, add it below
// (and pay for its bytes: docs/performance.md); if not, import it lazily where it is used.
// i18n/pl.ts re-exports every section, the back office's too (pl/biuro.ts); the bundler leaves out a
// section no code of the chunk reads, and the build test checks that the app's files carry none of it
// (pl/biuro-*.ts: the back office's lazy pages, issue 25).
const ALLOWED_PACKAGES = ['react', 'react-dom/client', 'react-router', 'zustand', 'zustand/middleware'];
const ALLOWED_FILES = `
app/app-overlays.tsx app/app.tsx app/router.tsx app/routes/login.route.tsx app/store-slices.ts
app/fatal-error/app-error-boundary.tsx app/fatal-error/error-report.ts app/fatal-error/fatal-error-screen.tsx app/fatal-error/fatal-error.css
app/layout/layout.css app/layout/page-style.ts app/layout/root-layout.tsx
components/ui/button.css components/ui/button.tsx components/ui/class-names.ts components/ui/field.css components/ui/field.tsx
components/ui/offline-notice.css components/ui/offline-notice.tsx components/ui/toast-list.tsx components/ui/toast.css
components/ui/use-presence.ts components/ui/skip-link.tsx
features/actions/actions.slice.ts features/actions/drafts/drafts-db.ts features/auth/api/auth.api.ts features/auth/components/auth-screen.css
features/auth/components/auth-screen.tsx features/auth/components/login-page.tsx features/auth/hooks/use-session-resume.ts
features/auth/session.ts features/auth/user.slice.ts features/availability/availability.slice.ts features/mgm/mgm.slice.ts
features/notifications/notifications.slice.ts features/notifications/push/forget-push.ts
features/reports/reports.slice.ts features/vouchers/vouchers.slice.ts features/webform/receipt/receipt-db.ts
features/webform/webform.slice.ts
i18n/pl.ts i18n/pl/actions.ts i18n/pl/auth.ts i18n/pl/biuro.ts i18n/pl/biuro-catalogue.ts i18n/pl/biuro-consumers.ts i18n/pl/biuro-dashboard.ts i18n/pl/biuro-integrity.ts i18n/pl/biuro-live.ts i18n/pl/biuro-notifications.ts i18n/pl/biuro-photos.ts i18n/pl/biuro-points.ts i18n/pl/biuro-promoters.ts
i18n/pl/biuro-reports.ts i18n/pl/biuro-schedule.ts i18n/pl/biuro-staff.ts i18n/pl/calendar.ts i18n/pl/camera.ts i18n/pl/core.ts i18n/pl/field-errors.ts
i18n/pl/forms.ts i18n/pl/mgm.ts i18n/pl/notifications.ts i18n/pl/pages.ts i18n/pl/photo-source.ts i18n/pl/photo-survey.ts i18n/pl/report-fixes.ts i18n/pl/reports.ts
i18n/pl/shell.ts i18n/pl/vouchers.ts i18n/pl/webform-steps.ts i18n/pl/webform.ts
lib/android/android-bridge.ts lib/api-client.ts lib/connection.ts lib/error-message.ts lib/forms/focus-field.ts
lib/forms/use-form.ts lib/geolocation/geolocation-permission.ts lib/outbox/outbox-owner.ts lib/pwa/build-time.ts
lib/pwa/app-links.ts lib/pwa/register-service-worker.ts lib/startup/after-first-paint.ts lib/storage/browser-storage.ts
lib/storage/storage-keys.ts lib/storage/token.ts main.tsx
store/app-store.ts store/create-app-store.ts store/notify.ts store/registry.ts store/screen.slice.ts store/slice.ts
store/toasts.slice.ts styles/base.css
`
  .split(/\s+/)
  .filter(Boolean)
  .map((file) => `apps/web/src/${file}`);
const CONTRACT_FILES = ['api/route-paths.ts', 'constants.ts', 'rules/', 'admin/consent-names.ts'];

describe('the modules a first visit evaluates before the login form', () => {
  const graph = entryGraph();

  it('are the listed ones: the entry, the store, the login page and what they need', () => {
    const ours = graph.files.filter((file) => file.startsWith('apps/web/'));
    expect(
      ours.filter((file) => !ALLOWED_FILES.includes(file)),
      'new static imports of the entry',
    ).toEqual([]);
    const contract = graph.files.filter((file) => file.startsWith('packages/contract/src/'));
    const unlisted = contract.filter((file) => !CONTRACT_FILES.some((allowed) => file.startsWith(`packages/contract/src/${allowed}`)));
    expect(unlisted, 'contract modules (zod schemas stay out of the entry)').toEqual([]);
    expect(
      graph.packages.filter((name) => !ALLOWED_PACKAGES.includes(name)),
      'packages',
    ).toEqual([]);
  });

  it('never include the outbox, IndexedDB, the header or another page', () => {
    expect(graph.packages).not.toContain('idb');
    const forbidden = graph.files.filter((file) => /lib\/outbox\/(?!outbox-owner)|app\/layout\/header|routes\/(?!login)/.test(file));
    expect(forbidden).toEqual([]);
  });
});
