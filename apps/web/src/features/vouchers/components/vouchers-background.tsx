import type { Action, VoucherRedeemBody, VoucherRedeemResponse } from '@promotor/contract';
import { useEffect } from 'react';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { onOutboxRefused, onOutboxSent } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { redeemKind } from '../submit/outbox-kinds.ts';
import { keepCodesOfEvents, storeRedeemed, vouchersRequest } from '../vouchers-store.ts';

/**
 * An action whose codes she may give today: started (by her, or globally: spec §4 loads their batches),
 * or one of today's (she may start it without a connection, decision 074). Not one the organiser cancelled.
 */
function isOfToday(action: Action, today: string): boolean {
  if (action.status.global.ident === 'hst_cancelled') return false;
  if (action.status.global.ident === 'started' || action.status.user.status === 'started') return true;
  return action.since.date.slice(0, 10) <= today && today <= action.until.date.slice(0, 10);
}

/** The events of those actions, as one string (a stable store selection). */
const eventsOfToday = (list: readonly Action[], now: Date): string => {
  const today = appDay(now);
  return [...new Set(list.filter((action) => isOfToday(action, today)).map((action) => action.event.uuid))].join(' ');
};

/**
 * What runs behind every page of a logged-in promoter, mounted with the header: the batches of the
 * events of her actions of today, and her codes of each, kept on the phone once her list has come
 * (at login, and whenever that set of events changes), so the popups work without a connection
 * (spec §4 "if the list has an action started globally, its voucher batches are loaded"; decision 074);
 * and spec §4 "redeem, then reload vouchers" once the outbox has the server's answer to a redemption,
 * accepted or refused.
 */
export function VouchersBackground() {
  const loggedIn = useAppStore((state) => state.user.profile !== null);
  const events = useAppStore((state) => eventsOfToday(state.actions.list, new Date()));
  useEffect(() => {
    if (loggedIn) void keepCodesOfEvents(events.split(' ').filter(Boolean));
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
