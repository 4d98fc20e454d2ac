import type { CancelActionBody, CheckInBody, CheckOutBody, FileCreateInput, PollAnswerBody } from '@promotor/contract';
import type { EndAnswer, StartChecklistItem } from '@promotor/contract/constants';
import type { OutboxItemInput } from '../../../lib/outbox/index.ts';
import type { Coordinates, Fix } from '../location/current-position.ts';
import * as pl from '../../../i18n/pl.ts';
import { cancelKind, checkInKind, checkOutKind, photosKind, pollKind } from './outbox-kinds.ts';
import type { PhotoPair } from './photo-pair.ts';

// The outbox items of the start, end and cancel flows (spec §4 Start/end flow, Cancel flow; §7).
// The outbox sends one action's items strictly in this order and goes on after a final error, which
// is the spec's "answers, then photos, then — whatever the photo result — the check-in/out".

export type OutboxItems = OutboxItemInput[];

/** The action the items are for: its uuid groups them, its name tells her which one failed. */
export type ActionRef = { uuid: string; name: string };

/** How the outbox's failure popup names the action (decision 072). */
const subjectOf = (action: ActionRef) => pl.outbox.subject(action.name);

export type StartData = {
  checklist: StartChecklistItem[];
  cashTerminal: string;
  photos: PhotoPair;
  actionPointUuid: string;
};

export type EndData = {
  /** §2's reason, or 'as_planned' when she ends on plan without one (decision 119). */
  reason: EndAnswer;
  /** The text of 'Inne'; ignored for the other reasons. */
  otherText: string;
  photos: PhotoPair;
  actionPointUuid: string;
};

const photosItem = (action: ActionRef, ident: FileCreateInput['ident'], photos: PhotoPair) => {
  const input: FileCreateInput = { action: { uuid: action.uuid }, ident };
  // decision 011: front first, then rear
  return photosKind.item(action.uuid, { input, files: [photos.front, photos.rear] }, { subject: subjectOf(action) });
};

/** `tappedAt`: when she tapped 'Rozpocznij' (ISO); the server counts the start then (decision 072). */
export function startItems(ref: ActionRef, data: StartData, location: Fix, tappedAt: string): OutboxItems {
  const action = { uuid: ref.uuid };
  const subject = { subject: subjectOf(ref) };
  const poll: PollAnswerBody = {
    action,
    poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: data.checklist }] },
    tappedAt,
  };
  const checkIn: CheckInBody = {
    actionPoint: { uuid: data.actionPointUuid },
    action,
    location,
    cashTerminal: { id: data.cashTerminal },
    tappedAt,
  };
  return [
    pollKind.item(ref.uuid, poll, subject),
    photosItem(ref, 'bereal_start', data.photos),
    checkInKind.item(ref.uuid, checkIn, subject),
  ];
}

/** `tappedAt`: when she tapped 'Zakończ' (ISO); the server counts the end then (decision 072). */
export function endItems(ref: ActionRef, data: EndData, location: Coordinates, tappedAt: string): OutboxItems {
  const action = { uuid: ref.uuid };
  const subject = { subject: subjectOf(ref) };
  const answer = data.reason === 'other' ? { answer_text: data.otherText.trim() } : {};
  const poll: PollAnswerBody = {
    action,
    poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: [data.reason], ...answer }] },
    tappedAt,
  };
  // The contract's check-out takes no accuracy: only the check-in's is judged (decision 138).
  const position = { latitude: location.latitude, longitude: location.longitude };
  const checkOut: CheckOutBody = { action, actionPoint: { uuid: data.actionPointUuid }, location: position, tappedAt };
  return [
    pollKind.item(ref.uuid, poll, subject),
    photosItem(ref, 'bereal_end', data.photos),
    checkOutKind.item(ref.uuid, checkOut, subject),
  ];
}

/**
 * Her end photos sent again for a finished action while changes of her report are requested (issue
 * 25, decision 093): the photos alone, in the action's group (before a resubmission queued after them).
 */
export const endPhotosItems = (ref: ActionRef, photos: PhotoPair): OutboxItems => [photosItem(ref, 'bereal_end', photos)];

/** spec §7 /action/cancel: the action, and its first point when it has one (an action without points is cancelled by its uuid alone). */
export function cancelItems(ref: ActionRef, firstPointUuid: string | null): OutboxItems {
  const body: CancelActionBody = { action: { uuid: ref.uuid }, ...(firstPointUuid ? { actionPoint: { uuid: firstPointUuid } } : {}) };
  return [cancelKind.item(ref.uuid, body, { subject: subjectOf(ref) })];
}
