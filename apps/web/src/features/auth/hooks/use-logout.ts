import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toastError } from '../../../store/notify.ts';
import { logout } from '../api/auth.api.ts';
import { endSession } from '../session.ts';

/**
 * spec §4: logout calls the server; on success the user state is cleared, the token removed and the
 * app goes to /. On failure an error toast shows, and the token is still removed and the app still goes to /.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const inProgress = useRef(false);
  return async () => {
    if (inProgress.current) return;
    inProgress.current = true;
    try {
      await logout();
    } catch (error) {
      toastError(error);
    }
    endSession();
    inProgress.current = false;
    await navigate('/', { replace: true });
  };
}
