import { useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { AdminFilePath } from '../api/admin-types.ts';
import { useAdminFile, type FileState } from './use-admin-file.ts';

const t = pl.biuroReports;

/** The calls of one kind of image: its small WebP for the gallery, its full size when pressed (decision 130). */
export const IMAGE_PATHS = {
  photo: { thumbnail: '/admin/reports/file-thumbnail', full: '/admin/reports/file' },
  receipt: { thumbnail: '/admin/reports/receipt-thumbnail', full: '/admin/reports/receipt' },
} as const satisfies Record<string, { thumbnail: AdminFilePath; full: AdminFilePath }>;

function Thumbnail({ file, caption }: { file: FileState; caption: string }) {
  if (file.status === 'loaded') return <img src={file.url} alt={caption} />;
  const failed = file.status === 'failed';
  return (
    <span className={`report-image__placeholder${failed ? ' report-image__placeholder--failed' : ''}`}>
      {failed ? t.thumbnailFailed : t.loadingImage}
    </span>
  );
}

/** The full photo once asked for: while it loads, and if it does not come, its thumbnail stands in. */
function FullPhoto({ full, thumbnail, caption }: { full: FileState; thumbnail: FileState; caption: string }) {
  if (full.status === 'loaded') return <img src={full.url} alt={caption} />;
  if (full.status === 'failed') {
    return (
      <>
        <span className="report-image__notice" role="alert">
          {thumbnail.status === 'loaded' ? t.fullPhotoUnavailable : t.imageFailed}
        </span>
        {thumbnail.status === 'loaded' ? <img className="report-image__stand-in" src={thumbnail.url} alt={caption} /> : null}
      </>
    );
  }
  return (
    <>
      <span className="report-image__notice" role="status">
        {t.loadingFullPhoto}
      </span>
      {thumbnail.status === 'loaded' ? <img className="report-image__stand-in" src={thumbnail.url} alt={caption} /> : null}
    </>
  );
}

/**
 * One image of the report: its thumbnail (fast, and there while the bucket is down), which opens the
 * full photo to the panel's width when pressed, and back. A thumbnail that cannot be had still opens
 * the full photo.
 */
export function ReportImage({ kind, uuid, caption }: { kind: keyof typeof IMAGE_PATHS; uuid: string; caption: string }) {
  const [large, setLarge] = useState(false);
  const thumbnail = useAdminFile(IMAGE_PATHS[kind].thumbnail, uuid);
  const full = useAdminFile(IMAGE_PATHS[kind].full, uuid, large);
  return (
    <button
      type="button"
      className={`report-image${large ? ' report-image--large' : ''}`}
      aria-label={t.openPhoto(caption)}
      aria-expanded={large}
      onClick={() => setLarge((old) => !old)}
    >
      {large ? <FullPhoto full={full} thumbnail={thumbnail} caption={caption} /> : <Thumbnail file={thumbnail} caption={caption} />}
    </button>
  );
}
