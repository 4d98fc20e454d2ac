import { useEffect, useState } from 'react';

/** An object URL for `blob` while the component shows it; revoked afterwards so the bytes can be freed. */
export function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
