import { Suspense } from 'react';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import { staffSession, useStaffSession } from '../auth/staff-session.ts';
import { canWith, PAGES } from '../auth/use-can.ts';
import { LoadingState } from '../components/data-states.tsx';

const LABELS: Record<(typeof PAGES)[number]['to'], string> = {
  '/promotorzy': pl.biuro.nav.promoters,
  '/plan': pl.biuro.nav.plan,
  '/nieobsadzone': pl.biuro.nav.openActions,
  '/punkty': pl.biuro.nav.points,
  '/wydarzenia': pl.biuro.nav.events,
  '/terytoria': pl.biuro.nav.territoriesPage,
  '/vouchery': pl.biuro.nav.vouchers,
  '/raporty': pl.biuro.nav.reports,
  '/zdjecia': pl.biuro.nav.photos,
  '/eksporty': pl.biuro.nav.exports,
  '/konsumenci': pl.biuro.nav.consumers,
  '/wnioski': pl.biuro.nav.requests,
  '/dziennik': pl.biuro.nav.audit,
  '/na-zywo': pl.biuro.nav.live,
  '/pulpit': pl.biuro.nav.dashboard,
  '/personel': pl.biuroStaffEntry.nav,
};

/** Ends the session here at once; the server is told, and a failure there changes nothing here. */
async function logout(): Promise<void> {
  const call = adminCall('/admin/auth/logout', {}).catch(() => {});
  staffSession.end('logout');
  await call;
}

/** The pages after login: navigation on the left on a desk, across the top on a tablet (768 px). */
export function BiuroLayout() {
  const { session } = useStaffSession();
  const navigation = useNavigation();
  const staff = session?.staff;
  const name = staff ? [staff.firstname, staff.lastname].filter(Boolean).join(' ') || staff.username : '';
  const roles = staff?.roles.map((role) => pl.biuro.nav.roles[role] ?? role).join(', ');
  const territories = staff?.territories.length ? staff.territories.join(', ') : pl.biuro.nav.allTerritories;
  return (
    <div className="biuro-shell">
      <SkipLink />
      <header className="biuro-side">
        <div className="biuro-side__inner">
          <p className="biuro-side__brand">{pl.biuro.appName}</p>
          <nav aria-label={pl.biuro.nav.label}>
            <ul className="biuro-nav">
              {PAGES.filter((page) => canWith(staff?.roles, page.permission)).map((page) => (
                <li key={page.to}>
                  <NavLink to={page.to} className="biuro-nav__link">
                    {LABELS[page.to]}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="biuro-side__who">
            <p>{pl.biuro.nav.signedInAs(name)}</p>
            <p className="biuro-muted">{roles}</p>
            <p className="biuro-muted">{pl.biuro.nav.territories(territories)}</p>
            <Button variant="secondary" className="biuro-side__logout" onClick={() => void logout()}>
              {pl.biuro.nav.logout}
            </Button>
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="biuro-main" aria-busy={navigation.state === 'loading' || undefined}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
