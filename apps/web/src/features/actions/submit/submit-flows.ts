import { enqueue } from '../../../lib/outbox/index.ts';
import { positionOrNulls } from '../location/current-position.ts';
import { cancelItems, endItems, startItems, type EndData, type StartData } from './outbox-items.ts';

// spec §4 Start/end flow: the position first (nulls when the phone gives none), then everything in
// one enqueue, so the answers, photos and check-in/out are stored together or not at all.

export async function submitStart(actionUuid: string, data: StartData): Promise<void> {
  await enqueue(startItems(actionUuid, data, await positionOrNulls()));
}

export async function submitEnd(actionUuid: string, data: EndData): Promise<void> {
  await enqueue(endItems(actionUuid, data, await positionOrNulls()));
}

export async function submitCancel(actionUuid: string, firstPointUuid: string | null): Promise<void> {
  await enqueue(cancelItems(actionUuid, firstPointUuid));
}
