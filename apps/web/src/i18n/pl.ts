// The one catalogue of every user-visible string of the web app (import it as `import * as pl from
// '…/i18n/pl.ts'`). Each section lives in i18n/pl/<part>.ts and is re-exported here, so a page's
// chunk carries only the words it uses: the login page must stay within its 110 KB budget
// (docs/decisions/033-i18n-sections.md). Validation messages of spec §5 live once in the contract.
export { ruleMessages } from '@promotor/contract/rules';
export {
  appName,
  pageTitle,
  loading,
  skipToContent,
  cancel,
  save,
  inPreparation,
  errors,
  registerErrorMessages,
  toasts,
  connection,
  errorPopup,
  fatal,
} from './pl/core.ts';
export { fieldErrors } from './pl/field-errors.ts';
export { header, menu, outbox } from './pl/shell.ts';
export { login, remind, userData } from './pl/auth.ts';
export { pages } from './pl/pages.ts';
export { actions, actionDetail, actionStart, actionEnd, actionEndPhotos, actionForm, actionDraft } from './pl/actions.ts';
export { camera } from './pl/camera.ts';
export { photoSource } from './pl/photo-source.ts';
export { forms } from './pl/forms.ts';
export { vouchers } from './pl/vouchers.ts';
export { calendar } from './pl/calendar.ts';
export { photoSurvey } from './pl/photo-survey.ts';
export { reports } from './pl/reports.ts';
export { reportFixes } from './pl/report-fixes.ts';
export { webform } from './pl/webform.ts';
export { webformSteps } from './pl/webform-steps.ts';
export { mgm } from './pl/mgm.ts';
export { notificationBell, notifications, notificationPush } from './pl/notifications.ts';
// The back office's words: only its own entry (biuro/main.tsx) reads them (decision 089).
export { biuro } from './pl/biuro.ts';
// Each lazy page of the back office reads its own section, so its words stay out of the first screen.
export { biuroReports, biuroExports } from './pl/biuro-reports.ts';
export { biuroPhotos } from './pl/biuro-photos.ts';
export { biuroLive } from './pl/biuro-live.ts';
export { biuroIntegrity } from './pl/biuro-integrity.ts';
export { biuroPoints } from './pl/biuro-points.ts';
export { biuroPromoters } from './pl/biuro-promoters.ts';
export { biuroEvents, biuroTerritories, type CatalogueTexts } from './pl/biuro-catalogue.ts';
export { biuroDashboard } from './pl/biuro-dashboard.ts';
export { biuroConsumers, biuroRequests } from './pl/biuro-consumers.ts';
export { biuroSchedule } from './pl/biuro-schedule.ts';
export { biuroNotifications } from './pl/biuro-notifications.ts';
export { biuroStaff, biuroStaffEntry, biuroPasswords } from './pl/biuro-staff.ts';
