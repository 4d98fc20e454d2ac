import { useRef, useState } from 'react';
import { BurgerIcon, CouponIcon } from '../../components/ui/icons.tsx';
import { pl } from '../../i18n/pl.ts';
import { readAndroidAppVersion } from '../../lib/android/android-bridge.ts';
import { SideMenu } from './side-menu.tsx';

const SIDE_MENU_ID = 'side-menu';

/** spec §2 Header: burger opening the side menu, the coupon icon, the wrapper's app version. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // Read once per page: the wrapper's version does not change while the app runs.
  const [appVersion] = useState(readAndroidAppVersion);

  return (
    <header className="app-header">
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
      <span className="app-header__brand">{pl.appName}</span>
      {appVersion ? <span className="app-header__version">{pl.header.appVersion(appVersion)}</span> : null}
      {/* Works only while an action is started (spec §2); the field-actions issue enables it. */}
      <button type="button" className="icon-button" aria-label={pl.header.coupons} disabled>
        <CouponIcon />
      </button>
      {menuOpen ? <SideMenu id={SIDE_MENU_ID} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
