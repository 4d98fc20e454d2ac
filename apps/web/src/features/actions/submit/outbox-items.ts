import type { CancelActionBody, CheckInBody, CheckOutBody, FileCreateInput, PollAnswerBody } from '@promotor/contract';
import type { EndReason, StartChecklistItem } from '@promotor/contract/constants';
import type { OutboxItemInput } from '../../../lib/outbox/index.ts';
import type { Coordinates } from '../location/current-position.ts';
import { cancelKind, checkInKind, checkOutKind, photosKind, pollKind } from './outbox-kinds.ts';
import type { PhotoPair } from './photo-pair.ts';

// The outbox items of the start, end and cancel flows (spec §4 Start/end flow, Cancel flow; §7).
// The outbox sends one action's items strictly in this order and goes on after a final error, which
// is the spec's "answers, then photos, then — whatever the photo result — the check-in/out".

export type OutboxItems = OutboxItemInput[];

export type StartData = {
  checklist: StartChecklistItem[];
  cashTerminal: string;
  photos: PhotoPair;
  actionPointUuid: string;
};

export type EndData = {
  reason: EndReason;
  /** The text of 'Inne'; ignored for the other reasons. */
  otherText: string;
  photos: PhotoPair;
  actionPointUuid: string;
};

const photosItem = (actionUuid: string, ident: FileCreateInput['ident'], photos: PhotoPair) => {
  const input: FileCreateInput = { action: { uuid: actionUuid }, ident };
  // decision 011: front first, then rear
  return photosKind.item(actionUuid, { input, files: [photos.front, photos.rear] });
};

export function startItems(actionUuid: string, data: StartData, location: Coordinates): OutboxItems {
  const action = { uuid: actionUuid };
  const poll: PollAnswerBody = {
    action,
    poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: data.checklist }] },
  };
  const checkIn: CheckInBody = {
    actionPoint: { uuid: data.actionPointUuid },
    action,
    location,
    cashTerminal: { id: data.cashTerminal },
  };
  return [pollKind.item(actionUuid, poll), photosItem(actionUuid, 'bereal_start', data.photos), checkInKind.item(actionUuid, checkIn)];
}

export function endItems(actionUuid: string, data: EndData, location: Coordinates): OutboxItems {
  const action = { uuid: actionUuid };
  const answer = data.reason === 'other' ? { answer_text: data.otherText.trim() } : {};
  const poll: PollAnswerBody = {
    action,
    poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: [data.reason], ...answer }] },
  };
  const checkOut: CheckOutBody = { action, actionPoint: { uuid: data.actionPointUuid }, location };
  return [pollKind.item(actionUuid, poll), photosItem(actionUuid, 'bereal_end', data.photos), checkOutKind.item(actionUuid, checkOut)];
}

/** spec §7 /action/cancel: the action, and its first point when it has one (an action without points is cancelled by its uuid alone). */
export function cancelItems(actionUuid: string, firstPointUuid: string | null): OutboxItems {
  const body: CancelActionBody = { action: { uuid: actionUuid }, ...(firstPointUuid ? { actionPoint: { uuid: firstPointUuid } } : {}) };
  return [cancelKind.item(actionUuid, body)];
}
