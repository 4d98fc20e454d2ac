import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../store/app-store.ts';

/**
 * The pages with a header are hers alone: without a promoter logged in — she logged out, or the
 * server refused her token on any call and the API client ended the session (decision 044) — the app
 * goes back to the login page, whose notice says why. Mounted with the header, on every such page.
 */
export function SessionGuard() {
  const loggedIn = useAppStore((state) => state.user.profile !== null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!loggedIn) void navigate('/', { replace: true });
  }, [loggedIn, navigate]);
  return null;
}
