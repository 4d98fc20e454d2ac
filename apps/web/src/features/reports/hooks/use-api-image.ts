import { useEffect, useState } from 'react';

export type ApiImage = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

/**
 * One photo fetched through an authenticated call (the API's binary routes need the bearer token, so an
 * <img src> of the API cannot be used, and the photos have no public URL): its bytes become an object
 * URL, revoked — and a load still under way aborted — when the component goes or the photo changes.
 * Each photo loads on its own, so they appear one by one as they arrive.
 */
export function useApiImage(uuid: string, serve: (uuid: string, signal: AbortSignal) => Promise<Blob>): ApiImage {
  const [image, setImage] = useState<{ uuid: string; state: ApiImage }>({ uuid, state: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    serve(uuid, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ uuid, state: { status: 'loaded', url } });
      },
      () => {
        if (!controller.signal.aborted) setImage({ uuid, state: { status: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [uuid, serve]);

  // Another photo asked for: loading until its own answer, never the previous one's image.
  return image.uuid === uuid ? image.state : { status: 'loading' };
}
