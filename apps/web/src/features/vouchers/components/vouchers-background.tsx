import type { Action, VoucherRedeemBody, VoucherRedeemResponse } from '@promotor/contract';
import { useEffect } from 'react';
import { onOutboxRefused, onOutboxSent } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { redeemKind } from '../submit/outbox-kinds.ts';
import { batchesRequest, storeRedeemed, vouchersRequest } from '../vouchers-store.ts';

/** The events of the actions started globally in her list, as one string (a stable store selection). */
const startedEvents = (list: readonly Action[]): string =>
  [...new Set(list.filter((action) => action.status.global.ident === 'started').map((action) => action.event.uuid))].join(' ');

/**
 * What runs behind every page of a logged-in promoter, mounted with the header: spec §4 "if the list
 * has an action started globally, its voucher batches are loaded" (kept in the persisted slice, so
 * the picker has them without a connection); and spec §4 "redeem, then reload vouchers" once the
 * outbox has the server's answer to a redemption, accepted or refused.
 */
export function VouchersBackground() {
  const loggedIn = useAppStore((state) => state.user.profile !== null);
  const events = useAppStore((state) => startedEvents(state.actions.list));

  useEffect(() => {
    if (!loggedIn) return;
    for (const eventUuid of events.split(' ').filter(Boolean)) void batchesRequest(eventUuid).run();
  }, [loggedIn, events]);

  useEffect(() => {
    if (!loggedIn) return;
    const stopSent = onOutboxSent((item, data) => {
      if (item.kind !== redeemKind.name) return;
      const batchUuid = (item.body as VoucherRedeemBody).batch.uuid;
      // The answer's codes are given: they stay hidden after the item left the outbox, before the reload.
      storeRedeemed(batchUuid, (data as Partial<VoucherRedeemResponse> | null)?.vouchers ?? []);
      void vouchersRequest(batchUuid).refresh();
    });
    const stopRefused = onOutboxRefused((item) => {
      if (item.kind === redeemKind.name) void vouchersRequest((item.body as VoucherRedeemBody).batch.uuid).refresh();
    });
    return () => {
      stopSent();
      stopRefused();
    };
  }, [loggedIn]);
  return null;
}
