import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { adminCall } from '../api/admin-api.ts';
import { staffSession, useStaffSession } from '../auth/staff-session.ts';
import { startPageOf } from '../auth/use-can.ts';

/** /biuro itself: the first page after login, or the login page. */
export function StartPage() {
  const { session } = useStaffSession();
  return <Navigate to={session ? startPageOf(session.staff.roles) : '/logowanie'} replace />;
}

/**
 * The pages after login. Without a session (never had one, logged out, or the server refused the
 * token: the API client ends it) they go to the login page, which says why; where she was is kept, so
 * after login she comes back to the same view (its filters are in the address).
 */
export function RequireStaff() {
  const staffSessionState = useStaffSession();
  const { session } = staffSessionState;
  const location = useLocation();
  const token = session?.token;

  // Once per session on opening the back office: the server's current roles and territories (a
  // refused token ends the session through the client).
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    adminCall('/admin/auth/session', {}, { signal: controller.signal }).then(
      (data) => staffSession.refresh(data.staff),
      () => {},
    );
    return () => controller.abort();
  }, [token]);

  // The server ends a session at its expiresAt: so does the back office, without waiting for a call.
  const expiresAt = session?.expiresAt;
  useEffect(() => {
    const left = expiresAt ? Date.parse(expiresAt) - Date.now() : NaN;
    if (!Number.isFinite(left)) return;
    const timer = setTimeout(() => staffSession.end('expired'), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // After 'Wyloguj' the next login starts afresh (it may be someone else's); otherwise back to here.
  const { ended } = staffSessionState;
  if (!session)
    return <Navigate to="/logowanie" replace state={ended === 'logout' ? null : { from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
