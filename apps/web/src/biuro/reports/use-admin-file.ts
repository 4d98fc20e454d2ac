import { useEffect, useState } from 'react';
import { adminFile } from '../api/admin-api.ts';
import type { AdminFilePath } from '../api/admin-types.ts';

export type FileState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

/**
 * A report's photo or receipt as an object URL: fetched with the staff token (an <img src> cannot send
 * it), revoked when the image goes or changes, the request aborted if it goes first.
 */
export function useAdminFile(path: AdminFilePath, uuid: string): FileState {
  const [state, setState] = useState<FileState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    const body = path === '/admin/reports/file' ? { file: { uuid } } : { receipt: { uuid } };
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
  }, [path, uuid]);
  return state;
}
