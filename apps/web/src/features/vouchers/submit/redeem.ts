import type { Voucher, VoucherRedeemBody } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import { appTimeZone } from '../../../lib/dates/app-time-zone.ts';
import { enqueue, type OutboxItem } from '../../../lib/outbox/index.ts';
import { redeemKind } from './outbox-kinds.ts';

/**
 * spec §7 /voucher/redeem, §9 'YYYY-MM-DD HH:mm:ss': the moment she confirmed, on the app's wall clock.
 * The server judges the redemption by this time, not by when it arrives (decision 056).
 */
export function redeemBody(batchUuid: string, voucher: Pick<Voucher, 'uuid'>, confirmedAt: Date): VoucherRedeemBody {
  return {
    redemption: { dateTime: toWallClock(confirmedAt, appTimeZone()) },
    batch: { uuid: batchUuid },
    vouchers: [{ uuid: voucher.uuid }],
  };
}

/**
 * Stored durably in the outbox (sent now, or once there is a connection); resolves once stored. Queued
 * in the group of the action she gives it in: after that action's start if it still waits (decision 074).
 */
export async function submitRedemption(
  actionUuid: string,
  batchUuid: string,
  voucher: Pick<Voucher, 'uuid'>,
  confirmedAt = new Date(),
): Promise<void> {
  await enqueue([redeemKind.item(actionUuid, redeemBody(batchUuid, voucher, confirmedAt))]);
}

/** The codes a waiting redemption gives: hidden from the list until the server has answered. */
export function codesWaiting(pending: readonly OutboxItem[]): Set<string> {
  const uuids = new Set<string>();
  for (const item of pending) {
    if (item.kind !== redeemKind.name) continue;
    for (const voucher of (item.body as VoucherRedeemBody).vouchers) uuids.add(voucher.uuid);
  }
  return uuids;
}

/** Whether a redemption of the batch still waits in the outbox. */
export const batchWaiting = (pending: readonly OutboxItem[], batchUuid: string): boolean =>
  pending.some((item) => item.kind === redeemKind.name && (item.body as VoucherRedeemBody).batch.uuid === batchUuid);
