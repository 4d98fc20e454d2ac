import { useSyncExternalStore } from 'react';
import type { OutboxOwner } from './outbox-types.ts';

// Items belong to the promoter who made them: on a shared phone, what Anna queued is not sent with
// Beata's token (the server would refuse it for good, 404) nor shown to her; it waits, untouched,
// until Anna logs in again. Her ident, not her username: it names her for good.
// Who is logged in is the store's to know: it registers itself here when it is created (lib/ does not
// import the store), before any page can queue or send.

type OwnerSource = { get: () => string | null; subscribe: (listener: () => void) => () => void };

let source: OwnerSource = { get: () => null, subscribe: () => () => {} };

/** Called once by the app store: where the promoter logged in now is read and followed. */
export function setOutboxOwnerSource(next: OwnerSource): void {
  source = next;
}

/** The promoter logged in now, or null. */
export const currentOwner = (): string | null => source.get();

/** The same, for React: the outbox's view follows a change of promoter. */
export const useCurrentOwner = (): string | null => useSyncExternalStore(source.subscribe, source.get);

/** Whether `owner` may send or see it: hers, or one without an owner. */
export const belongsTo = (thing: { owner?: OutboxOwner }, owner: string | null): boolean =>
  thing.owner === null || thing.owner === undefined || thing.owner === owner;
