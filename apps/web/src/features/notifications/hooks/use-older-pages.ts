import type { InboxNotification } from '@promotor/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { listNotifications } from '../api/notifications.api.ts';

/** The contract's NOTIFICATIONS_PAGE_SIZE (importing it would bring zod here); notification-text.test.ts checks they agree. */
export const PAGE_SIZE = 50;

type Older = {
  /** The newest page as it was when she first asked for older ones: what a new notification pushes off it stays shown. */
  first: InboxNotification[];
  pages: InboxNotification[][];
  loading: boolean;
  failed: string | null;
  done: boolean;
};

const byNewest = (a: InboxNotification, b: InboxNotification) => b.id - a.id;

/**
 * 'Pokaż starsze': the pages before the kept one, by `before` (the oldest id shown), while the last page
 * was full. Not kept in the store: the newest page is what the list shows offline (as the reports' history).
 */
export function useOlderPages(newest: InboxNotification[]) {
  const [older, setOlder] = useState<Older>({ first: [], pages: [], loading: false, failed: null, done: false });
  const lastPage = older.pages.at(-1) ?? newest;
  // The kept page first: its read marks are the newest.
  const seen = new Set<number>();
  const items = [...newest, ...older.first, ...older.pages.flat()].filter((item) => !seen.has(item.id) && seen.add(item.id)).sort(byNewest);

  const loadMore = () => {
    const before = items.at(-1)?.id;
    if (before === undefined) return;
    setOlder((state) => ({ ...state, first: state.pages.length === 0 ? newest : state.first, loading: true, failed: null }));
    listNotifications(before).then(
      ({ notifications }) =>
        setOlder((state) => ({ ...state, pages: [...state.pages, notifications], loading: false, done: notifications.length < PAGE_SIZE })),
      (error: unknown) => setOlder((state) => ({ ...state, loading: false, failed: errorMessage(error) })),
    );
  };

  /** All of them up to `upTo` read: the older pages' marks too, which no reload of the kept page brings. */
  const markAllRead = (readAt: string, upTo: number) => {
    const read = (page: InboxNotification[]) => page.map((item) => (item.readAt === null && item.id <= upTo ? { ...item, readAt } : item));
    setOlder((state) => ({ ...state, first: read(state.first), pages: state.pages.map(read) }));
  };

  return {
    items,
    canLoadMore: !older.done && lastPage.length >= PAGE_SIZE,
    loading: older.loading,
    failed: older.failed,
    loadMore,
    markAllRead,
  };
}
