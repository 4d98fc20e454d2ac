import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The kinds of outbox items of the actions feature (spec §4 Start/end flow, Cancel flow, Location
// tracking; §7): each action's items form one group (its uuid), sent strictly in order — the
// spec's "answers, then photos, then — whatever the photo result — the check-in/out".
// app/outbox-kinds.ts imports this module, so the kinds are registered whenever she is logged
// in, before anything of hers waiting in the outbox can be sent or its refusal shown.

export const pollKind = registerOutboxKind('poll', {
  route: 'pollAnswer',
  failureMessage: pl.outbox.failed.poll,
  // decision 119: an end 'as planned' that the server counts as early (her clock ran fast)
  failureMessageByCode: { E_END_REASON_REQUIRED: pl.fieldErrors.E_END_REASON_REQUIRED },
});

export const photosKind = registerOutboxKind('photos', {
  route: 'actionFileCreate',
  failureMessage: pl.outbox.failed.photos,
  failureReason: false,
  failureMessageByCode: { E_FILE_ALREADY_EXISTS: pl.fieldErrors.E_FILE_ALREADY_EXISTS },
});

// Status changes reach the server in the order she made them, across actions: the server allows one
// started action at a time, so B's check-in sent before A's check-out would be refused for good. The
// outbox holds back the whole step of a waiting kind (lib/outbox/outbox-order.ts): B's answers and
// start photos, queued with its check-in, wait for A's check-out too (decision 072).
export const checkInKind = registerOutboxKind('check-in', {
  route: 'actionCheckIn',
  failureMessage: pl.outbox.failed['check-in'],
  failureMessageByCode: { E_ACTION_ALREADY_CHECK_OUT: pl.outbox.alreadyCheckedOut, E_START_PHOTOS_MISSING: pl.outbox.startPhotosMissing },
  waitsForOtherGroups: true,
});

export const checkOutKind = registerOutboxKind('check-out', {
  route: 'actionCheckOut',
  failureMessage: pl.outbox.failed['check-out'],
  waitsForOtherGroups: true,
});

export const cancelKind = registerOutboxKind('cancel', {
  route: 'actionCancel',
  failureMessage: pl.outbox.failed.cancel,
  waitsForOtherGroups: true,
});

/** spec §4 Location tracking: a refused ping is only logged, never shown. */
export const locationKind = registerOutboxKind('location', { route: 'actionLocationSave', failureMessage: null });
