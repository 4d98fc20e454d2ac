import type { InboxNotification } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

// Issue 37: her inbox, kept like the rest of her data (spec §3 persisted state), so the bell's count and
// the list show at once and without a connection, before the reload answers. Older pages are not kept
// (as the reports' history, decision 061). Type-only imports: the store is in the entry chunk;
// notifications-store.ts writes it.
export type NotificationsState = {
  /** The newest page of /notifications/list, as the server last answered it. */
  list: InboxNotification[];
  /** How many of hers are unread, as the server last answered. */
  unread: number;
  /**
   * She turned on push on this phone ('Włącz powiadomienia'): the subscription is renewed at each app
   * start while the browser's permission holds. Hers: a logout forgets it with the rest.
   */
  pushWanted: boolean;
};

export type NotificationsSlice = { notifications: NotificationsState };

export const createNotificationsSlice: SliceCreator<NotificationsSlice> = () => ({
  notifications: { list: [], unread: 0, pushWanted: false },
});

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    notifications: NotificationsSlice;
  }
}
