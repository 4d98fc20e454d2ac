import { deleteActionDrafts } from '../features/actions/drafts/drafts-db.ts';
import { createActionsSlice } from '../features/actions/actions.slice.ts';
import { createUserSlice } from '../features/auth/user.slice.ts';
import { createAvailabilitySlice } from '../features/availability/availability.slice.ts';
import { createMgmSlice } from '../features/mgm/mgm.slice.ts';
import { createNotificationsSlice } from '../features/notifications/notifications.slice.ts';
import { forgetPushSubscription } from '../features/notifications/push/forget-push.ts';
import { createReportsSlice } from '../features/reports/reports.slice.ts';
import { createVouchersSlice } from '../features/vouchers/vouchers.slice.ts';
import { deleteReceiptPhotos } from '../features/webform/receipt/receipt-db.ts';
import { createWebformSlice } from '../features/webform/webform.slice.ts';
import { registerSlices, whenSessionEnds } from '../store/registry.ts';
import { defineSlice } from '../store/slice.ts';

// Every feature that keeps state in the app store registers its slice here (declared in AppSlices by
// its slice file), and what it keeps of her outside the store that her session end forgets; the store
// imports no feature (docs/decisions/082-the-store-knows-no-feature.md). Registered before the store is
// built: main.tsx and the tests' setup import this module first. A new feature adds one line.
registerSlices([
  defineSlice('user', createUserSlice),
  defineSlice('actions', createActionsSlice),
  defineSlice('reports', createReportsSlice),
  defineSlice('vouchers', createVouchersSlice),
  defineSlice('mgm', createMgmSlice),
  defineSlice('availability', createAvailabilitySlice),
  defineSlice('webform', createWebformSlice),
  defineSlice('notifications', createNotificationsSlice),
]);
whenSessionEnds(deleteReceiptPhotos);
whenSessionEnds(deleteActionDrafts);
whenSessionEnds(forgetPushSubscription);
