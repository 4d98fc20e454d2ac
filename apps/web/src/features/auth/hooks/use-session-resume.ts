import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, endsSession } from '../../../lib/api-client.ts';
import { readToken, saveToken } from '../../../lib/storage/token.ts';
import { toastError } from '../../../store/notify.ts';
import { resumeSession } from '../api/auth.api.ts';
import { endSession, startSession } from '../session.ts';

/**
 * spec §2 Login: the token is the text after the 7th character of the search string ('?token=abc'
 * gives 'abc'); with it, or with a token kept from before, the session is resumed (spec §4): success
 * goes to /akcje, failure stays on / without the rejected token.
 */
export function tokenFromSearch(search: string): string {
  return search.substring(7);
}

export function useSessionResume(): { resuming: boolean } {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [resuming, setResuming] = useState(() => tokenFromSearch(search) !== '' || readToken() !== null);

  useEffect(() => {
    const fromQuery = tokenFromSearch(search);
    if (fromQuery) saveToken(fromQuery);
    if (!readToken()) {
      setResuming(false);
      return;
    }
    let cancelled = false;
    resumeSession().then(
      (session) => {
        if (cancelled) return;
        startSession(session);
        void navigate('/akcje', { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        // Offline the token is not known to be bad: it is kept for the next try. A refused token has
        // ended the session already, and an answer to a replaced one (a login in another tab) ends nothing.
        if (!(error instanceof ApiError && (error.kind === 'network' || endsSession(error)))) endSession();
        toastError(error);
        setResuming(false);
        // The token does not stay in the address bar (or in history).
        if (fromQuery) void navigate('/', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
    // Once per visit of the login page: the redirect above changes `search` and must not resume again.
  }, []);

  return { resuming };
}
