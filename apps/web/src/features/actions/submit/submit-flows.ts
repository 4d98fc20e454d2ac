import { enqueue } from '../../../lib/outbox/index.ts';
import { positionOrNulls } from '../location/current-position.ts';
import { cancelItems, endItems, endPhotosItems, startItems, type ActionRef, type EndData, type StartData } from './outbox-items.ts';
import type { PhotoPair } from './photo-pair.ts';

// spec §4 Start/end flow: the position first (nulls when the phone gives none), then everything in
// one enqueue, so the answers, photos and check-in/out are stored together or not at all. The time
// she tapped is taken before the position (which may take 10 s, §9) and sent with the answers and
// the check-in/out, so a start or finish sent later from the outbox counts when it happened.

export async function submitStart(action: ActionRef, data: StartData): Promise<void> {
  const tappedAt = new Date().toISOString();
  await enqueue(startItems(action, data, await positionOrNulls(), tappedAt));
}

export async function submitEnd(action: ActionRef, data: EndData): Promise<void> {
  const tappedAt = new Date().toISOString();
  await enqueue(endItems(action, data, await positionOrNulls(), tappedAt));
}

export async function submitCancel(action: ActionRef, firstPointUuid: string | null): Promise<void> {
  await enqueue(cancelItems(action, firstPointUuid));
}

/** Her end photos again, for a report the coordinator sent back (decision 093). */
export async function submitEndPhotos(action: ActionRef, photos: PhotoPair): Promise<void> {
  await enqueue(endPhotosItems(action, photos));
}
