import { CentredDialog } from '../components/side-panel.tsx';
import * as pl from '../../i18n/pl.ts';
import { useAdminFile } from '../reports/use-admin-file.ts';
import { photoCaption, type LibraryPhoto } from './photos-view.ts';

const t = pl.biuroPhotos;

/**
 * A photo full size, in the app's one modal (labelled, focus kept inside, Escape closes, focus back to
 * the thumbnail that opened it). Its thumbnail stands in while the full photo loads or if it cannot.
 */
export function PhotoDialog({ photo, open, onClose }: { photo: LibraryPhoto | null; open: boolean; onClose: () => void }) {
  return (
    <CentredDialog
      open={open && photo !== null}
      title={photo ? t.dialogTitle(photoCaption(photo)) : ''}
      onClose={onClose}
      className="photo-dialog"
    >
      {photo ? <FullPhoto photo={photo} /> : null}
      <button type="button" className="photo-dialog__close" onClick={onClose}>
        {t.close}
      </button>
    </CentredDialog>
  );
}

function FullPhoto({ photo }: { photo: LibraryPhoto }) {
  const full = useAdminFile('/admin/reports/file', photo.uuid);
  const thumbnail = useAdminFile('/admin/reports/file-thumbnail', photo.uuid, full.status !== 'loaded');
  const caption = photoCaption(photo);
  const shown = full.status === 'loaded' ? full : thumbnail.status === 'loaded' ? thumbnail : null;
  return (
    <figure className="photo-dialog__figure">
      {shown && shown.status === 'loaded' ? <img src={shown.url} alt={caption} /> : null}
      {full.status === 'failed' ? (
        <p className="biuro-alert" role="alert">
          {t.imageFailed}
        </p>
      ) : full.status !== 'loaded' ? (
        <p className="biuro-muted" role="status">
          {t.loadingImage}
        </p>
      ) : null}
      {/* The dialog's title names the photo; its action and event are told here. */}
      <figcaption>
        {t.action(photo.action.name)} · {photo.event.name}
      </figcaption>
    </figure>
  );
}
