import { useRef, useState } from 'react';
import { BurgerIcon, CouponIcon } from '../../components/ui/icons.tsx';
import { OfflineNotice } from '../../components/ui/offline-notice.tsx';
import * as pl from '../../i18n/pl.ts';
import { readAndroidAppVersion } from '../../lib/android/android-bridge.ts';
import { useOutbox } from '../../lib/outbox/index.ts';
import { ActionsBackground } from '../../features/actions/components/actions-background.tsx';
import { useRunningAction } from '../../features/actions/hooks/use-running-action.ts';
import { SessionGuard } from '../../features/auth/components/session-guard.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { NotificationsBackground } from '../../features/notifications/components/notifications-background.tsx';
import { openVoucherPicker, VoucherPopups, VouchersBackground } from '../../features/vouchers/index.ts';
import { SideMenu } from './side-menu.tsx';
import { useHeaderHeight } from './use-header-height.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';

const SIDE_MENU_ID = 'side-menu';

// Every page with a header can meet the codes of field work; the login page's chunk does not carry them.
pl.registerErrorMessages(pl.fieldErrors);

/** spec §2 Header: burger opening the side menu, the coupon icon, the wrapper's app version; her inbox's bell (issue 37). */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // Read once per page: the wrapper's version does not change while the app runs.
  const [appVersion] = useState(readAndroidAppVersion);
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  useScrollRestoration();

  return (
    <header ref={header} className="app-header">
      <button
        ref={burger}
        type="button"
        className="icon-button"
        aria-label={pl.header.openMenu}
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        onClick={() => setMenuOpen(true)}
      >
        <BurgerIcon />
      </button>
      {/* The version under the name, not beside it: with 'Do wysłania: N' too, one row of 360 px holds all (decision 075). */}
      <span className="app-header__brand">
        <span className="app-header__name">{pl.appName}</span>
        {appVersion ? <span className="app-header__version">{pl.header.appVersion(appVersion)}</span> : null}
      </span>
      <OutboxStatus />
      <NotificationBell />
      <CouponButton />
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={() => setMenuOpen(false)} />
      {/* The list follows the outbox and the current action is tracked (spec §4), on every page with a header. */}
      <ActionsBackground />
      {/* The voucher popups of both entry points (this icon and 'Kody promocyjne'), and their batches loaded (spec §4). */}
      <VouchersBackground />
      <VoucherPopups />
      {/* Her inbox asked for at start, on focus and on a push; this phone's push renewed (issue 37). */}
      <NotificationsBackground />
      <SessionGuard />
      <OfflineNotice />
    </header>
  );
}

/**
 * spec §2 Header: the coupon icon works only while her current action is started, and opens the
 * category picker for that action's event. A start she made on this phone counts as soon as it is
 * queued (decision 074): her redemptions wait behind it in the outbox.
 */
function CouponButton() {
  const running = useRunningAction();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={pl.header.coupons}
      disabled={running === null}
      onClick={() => {
        if (running) openVoucherPicker(running);
      }}
    >
      <CouponIcon />
    </button>
  );
}

/**
 * How many items of the offline outbox wait for the server (issue 3). The live region stays in the page
 * (empty, and hidden, at 0) so that screen readers hear the count change.
 */
function OutboxStatus() {
  const { pendingCount } = useOutbox();
  const text = pendingCount > 0 ? pl.outbox.pending(pendingCount) : undefined;
  return (
    <span className="app-header__outbox" role="status" aria-label={text}>
      {text}
    </span>
  );
}
