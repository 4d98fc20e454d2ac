import { NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { disablePush } from '../../features/notifications/push/push-subscription.ts';
import * as pl from '../../i18n/pl.ts';
import { useAppStore } from '../../store/app-store.ts';

const t = pl.menu;

// spec §2 Header and menu, in this order.
const ENTRIES = [
  { to: '/akcje', label: t.actions },
  { to: '/kalendarz', label: t.calendar },
  { to: '/raporty', label: t.reports },
  { to: '/webform', label: t.webform },
  { to: '/photos', label: t.photos },
  { to: '/user-data', label: t.userData },
] as const;

/** The side menu: 'Witaj' + first name, the six pages and 'Wyloguj'. Escape or a tap outside closes it. */
export function SideMenu({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const firstName = useAppStore((state) => state.user.profile?.firstname ?? '');
  const logout = useLogout();

  return (
    <Modal
      open={open}
      variant="side"
      id={id}
      title={t.label}
      showTitle={false}
      onClose={onClose}
      className="side-menu"
      backdropClassName="side-menu-backdrop"
    >
      <div className="side-menu__top">
        <p className="side-menu__greeting">{t.greeting(firstName)}</p>
        <button type="button" className="icon-button" aria-label={t.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <nav aria-label={t.navigation}>
        <ul className="side-menu__list">
          {ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className="side-menu__link" onClick={onClose}>
                {entry.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="side-menu__link side-menu__logout"
              // The menu goes away with the header when logout lands on /. This phone's push first, while
              // her token still works: the next promoter on it gets none of hers (issue 37).
              onClick={() => void disablePush().then(logout)}
            >
              {t.logout}
            </button>
          </li>
        </ul>
      </nav>
    </Modal>
  );
}
