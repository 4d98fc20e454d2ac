import type { Action, Voucher, VoucherBatch } from '@promotor/contract';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { render } from '@testing-library/react';
import { AppToasts } from '../../../app/app-overlays.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { VoucherPopups } from '../components/voucher-popups.tsx';
import { VouchersBackground } from '../components/vouchers-background.tsx';
import { openVoucherPicker, useVoucherPopups } from '../voucher-popups-state.ts';

// Each test gets its own event, batch and code uuids: the requests of an event or batch are shared
// for the whole run (vouchers-store.ts), as in the app.
let next = 0;
export const unique = (prefix: string) => `${prefix}-${++next}`;

export const buildBatch = (ident: string): VoucherBatch => ({ uuid: unique('batch'), ident });

export const buildVoucher = (ident: string, redeemed: string | null = null): Voucher => ({
  uuid: unique('voucher'),
  ident,
  redeemed: redeemed ? { dateTime: redeemed } : null,
});

/** An action of hers in the event, today (or `daysAhead` later), not started; cancelled by the organiser if told. */
export function buildTodaysAction(eventUuid: string, o: { cancelled?: boolean; daysAhead?: number } = {}): Action {
  const day = appDay(new Date(Date.now() + (o.daysAhead ?? 0) * 86_400_000));
  return {
    uuid: unique('action'),
    ident: unique('AKC'),
    name: 'Degustacja glo',
    since: { date: `${day} 08:00:00` },
    until: { date: `${day} 22:00:00` },
    actionPoints: [],
    event: { uuid: eventUuid, ident: 'EV-1' },
    status: {
      user: { status: null, actionPoint: null, lastStatusCreated: null },
      global: { ident: o.cancelled ? 'hst_cancelled' : 'accepted' },
    },
  };
}

/**
 * The popup host and the background work, as the header mounts them, with a button opening the picker
 * for an action of the event (its uuid: the redemptions' outbox group).
 */
export function renderVouchers(eventUuid: string, actionUuid = unique('action')) {
  return render(
    <>
      <Button onClick={() => openVoucherPicker({ uuid: actionUuid, event: { uuid: eventUuid } })}>Kody promocyjne</Button>
      <VouchersBackground />
      <VoucherPopups />
      <AppToasts />
    </>,
  );
}

export const resetVoucherPopups = () => useVoucherPopups.setState(useVoucherPopups.getInitialState());
