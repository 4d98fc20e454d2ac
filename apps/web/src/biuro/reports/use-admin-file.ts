import { useEffect, useState } from 'react';
import { adminFile } from '../api/admin-api.ts';
import type { AdminFilePath } from '../api/admin-types.ts';

export type FileState = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

const PHOTO_PATHS: readonly AdminFilePath[] = ['/admin/reports/file', '/admin/reports/file-thumbnail'];

/**
 * A report's photo or receipt (or its thumbnail) as an object URL: fetched with the staff token (an
 * <img src> cannot send it), revoked when the image goes or changes, the request aborted if it goes
 * first. Not fetched while `enabled` is false (the full photo waits until it is asked for).
 */
export function useAdminFile(path: AdminFilePath, uuid: string, enabled = true): FileState {
  const [state, setState] = useState<FileState>(enabled ? { status: 'loading' } : { status: 'idle' });
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    const body = PHOTO_PATHS.includes(path) ? { file: { uuid } } : { receipt: { uuid } };
    adminFile(path, body, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'loaded', url });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, uuid, enabled]);
  return state;
}
