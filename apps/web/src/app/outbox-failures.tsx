import { useEffect } from 'react';
import { ErrorPopup } from '../components/ui/error-popup.tsx';
import { useLastPresent } from '../components/ui/use-presence.ts';
import * as pl from '../i18n/pl.ts';
// The kinds of the features that queue items: registered before any of them can be sent or shown.
import './outbox-kinds.ts';
import { flushOutbox, outboxKind, useOutbox, type OutboxFailure } from '../lib/outbox/index.ts';
import { useAppStore } from '../store/app-store.ts';

// A refusal may carry any code of field work (also on a page without the header).
pl.registerErrorMessages(pl.fieldErrors);

/**
 * The Polish description of an item the server refused for good (spec §8 upload and check-in errors):
 * its kind's failure message, then the message of the code, unless the kind says otherwise.
 */
export function outboxFailureDescription({ kind: name, code }: Pick<OutboxFailure, 'kind' | 'code'>): string {
  const kind = outboxKind(name);
  const byCode = code === null ? undefined : kind?.failureMessageByCode?.[code];
  if (byCode !== undefined) return byCode;
  const reason = code === null ? pl.errors.generic : pl.errors.ofCode(code);
  if (!kind?.failureMessage) return reason;
  return kind.failureReason === false ? kind.failureMessage : `${kind.failureMessage} ${reason}`;
}

/**
 * Each refused outbox item once, oldest first, in the error popup of spec §2 with meta.ts as its code;
 * 'Wróć' dismisses it for good (failures are kept in IndexedDB, so one still shows after a reload).
 */
export function OutboxFailures() {
  const { failures, dismissFailure } = useOutbox();
  useFlushOnNewSession();
  const failure = failures[0] ?? null;
  const shown = useLastPresent(failure); // the last one animates out; the next one opens at once
  if (!shown) return null;
  return (
    <ErrorPopup
      key={shown.id}
      open={failure !== null}
      description={outboxFailureDescription(shown)}
      // Which action it was (decision 072): she may have queued several while offline.
      subject={shown.subject}
      code={shown.ts ?? shown.code}
      onClose={() => dismissFailure(shown.id)}
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
