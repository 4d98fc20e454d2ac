import { useCallback, useEffect, useState } from 'react';
import { adminCall } from '../api/admin-api.ts';
import { errorMessage } from '../lib/error-message.ts';
import type { LibraryPhoto, PhotosBody } from './photos-view.ts';

export type PhotoPages = {
  photos: LibraryPhoto[];
  /** 'loading': the first page; 'more': a next one; 'failed' keeps what was shown. */
  status: 'loading' | 'loaded' | 'more' | 'failed';
  message: string | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
};

type State = { photos: LibraryPhoto[]; next: string | null; status: PhotoPages['status']; message: string | null };

/**
 * The photos of a filter, page after page by the server's key (decision 138): a new filter starts
 * over, 'Pokaż więcej' appends the next page. An answer to an older filter is dropped.
 */
export function usePhotoPages(body: PhotosBody | null): PhotoPages {
  const key = body ? JSON.stringify(body) : '';
  const [state, setState] = useState<State>({ photos: [], next: null, status: 'loading', message: null });
  // The page to fetch: the first of a filter (after null), then 'Pokaż więcej''s; a retry bumps attempt.
  // One of another filter is stale: a new filter starts at its first page.
  const [asked, setAsked] = useState<{ key: string; after: string | null; attempt: number }>({ key, after: null, attempt: 0 });
  const after = asked.key === key ? asked.after : null;
  const attempt = asked.key === key ? asked.attempt : 0;

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const first = after === null;
    setState((old) => ({ ...old, photos: first ? [] : old.photos, status: first ? 'loading' : 'more', message: null }));
    const call = { ...(JSON.parse(key) as PhotosBody), ...(after ? { after } : {}) };
    adminCall('/admin/photos/list', call, { signal: controller.signal }).then(
      (page) =>
        setState((old) => ({
          photos: first ? page.photos : [...old.photos, ...page.photos],
          next: page.next,
          status: 'loaded',
          message: null,
        })),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((old) => ({ ...old, status: 'failed', message: errorMessage(error) }));
      },
    );
    return () => controller.abort();
  }, [key, after, attempt]);

  const next = state.next;
  const loadMore = useCallback(() => {
    if (next) setAsked({ key, after: next, attempt: 0 });
  }, [key, next]);
  const retry = useCallback(() => setAsked({ key, after, attempt: attempt + 1 }), [key, after, attempt]);
  return { ...state, hasMore: next !== null, loadMore, retry };
}
