import { useEffect } from 'react';
import { isErrorCode } from '@promotor/contract/error-codes';
import { ErrorPopup } from '../components/ui/error-popup.tsx';
import * as pl from '../i18n/pl.ts';
import { flushOutbox, useOutbox, type OutboxFailure } from '../lib/outbox/index.ts';
import { useAppStore } from '../store/app-store.ts';

/** The Polish description of an item the server refused for good (spec §8 upload and check-in errors). */
export function outboxFailureDescription({ label, code }: Pick<OutboxFailure, 'label' | 'code'>): string {
  if (label === 'photos') {
    return code === 'E_FILE_ALREADY_EXISTS' ? pl.errors.codes.E_FILE_ALREADY_EXISTS : pl.outbox.failed.photos;
  }
  if (label === 'check-in' && code === 'E_ACTION_ALREADY_CHECK_OUT') return pl.outbox.alreadyCheckedOut;
  const reason = code === null ? pl.errors.generic : isErrorCode(code) ? pl.errors.codes[code] : code;
  return `${pl.outbox.failed[label]} ${reason}`;
}

/**
 * Each refused outbox item once, oldest first, in the error popup of spec §2 with meta.ts as its code;
 * 'Wróć' dismisses it for good (failures are kept in IndexedDB, so one still shows after a reload).
 */
export function OutboxFailures() {
  const { failures, dismissFailure } = useOutbox();
  useFlushOnNewSession();
  const failure = failures[0];
  if (!failure) return null;
  return (
    <ErrorPopup
      key={failure.id}
      description={outboxFailureDescription(failure)}
      code={failure.ts ?? failure.code}
      onClose={() => dismissFailure(failure.id)}
    />
  );
}

/**
 * Each login (and the app's start, logged in) gives a session: what waited while logged out or with an
 * expired session goes now. Here rather than in the login flow, so that /login loads no outbox code.
 */
function useFlushOnNewSession() {
  const session = useAppStore((state) => state.user.tokenUuid);
  useEffect(() => {
    if (session) flushOutbox();
  }, [session]);
}
