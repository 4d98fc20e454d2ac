import { useAppStore } from '../../store/app-store.ts';
import type { OutboxOwner } from './outbox-types.ts';

// Items belong to the promoter who made them: on a shared phone, what Anna queued is not sent with
// Beata's token (the server would refuse it for good, 404) nor shown to her; it waits, untouched,
// until Anna logs in again. Her ident, not her username: it names her for good.

/** The promoter logged in now, or null. */
export const currentOwner = (): string | null => useAppStore.getState().user.profile?.ident ?? null;

/** The same, for React: the outbox's view follows a change of promoter. */
export const useCurrentOwner = (): string | null => useAppStore((state) => state.user.profile?.ident ?? null);

/** Whether `owner` may send or see it: hers, or one without an owner. */
export const belongsTo = (thing: { owner?: OutboxOwner }, owner: string | null): boolean =>
  thing.owner === null || thing.owner === undefined || thing.owner === owner;
