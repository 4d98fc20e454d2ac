import * as pl from '../../i18n/pl.ts';
import { useAdminFile } from '../reports/use-admin-file.ts';
import { photoCaption, takenText, type LibraryPhoto } from './photos-view.ts';

const t = pl.biuroPhotos;

/**
 * One photo of the grid: its thumbnail (decision 130) as a button that opens it, and its caption; the
 * point's name narrows the page to that point (no one types a point's id).
 */
type Props = {
  photo: LibraryPhoto;
  onOpen: (photo: LibraryPhoto) => void;
  /** Shows only this photo's point (the filter 'Punkt'); absent while that filter is already set. */
  onOnlyPoint?: (point: { uuid: string; name: string }) => void;
};

export function PhotoTile({ photo, onOpen, onOnlyPoint }: Props) {
  const thumbnail = useAdminFile('/admin/reports/file-thumbnail', photo.uuid);
  const caption = photoCaption(photo);
  return (
    <li className={photo.flags.length ? 'photo-tile photo-tile--flagged' : 'photo-tile'}>
      <button type="button" className="photo-tile__image" aria-label={t.open(caption)} onClick={() => onOpen(photo)}>
        {thumbnail.status === 'loaded' ? (
          <img src={thumbnail.url} alt="" />
        ) : (
          <span className="photo-tile__placeholder">{thumbnail.status === 'failed' ? t.imageFailed : t.loadingImage}</span>
        )}
      </button>
      <div className="photo-tile__caption">
        <span className="photo-tile__kind">{t.kinds[photo.kind] ?? photo.kind}</span>
        <span>{takenText(photo.takenAt)}</span>
        {photo.promoter ? <span className="photo-tile__promoter">{photo.promoter}</span> : null}
        {photo.point && onOnlyPoint ? (
          <button
            type="button"
            className="biuro-link-button photo-tile__point photo-tile__point--filter"
            aria-label={t.onlyPoint(photo.point.name)}
            title={t.onlyPoint(photo.point.name)}
            onClick={() => onOnlyPoint(photo.point!)}
          >
            {photo.point.name}
          </button>
        ) : (
          <span className="photo-tile__point">{photo.point?.name ?? t.noPoint}</span>
        )}
        {photo.flags.map((flag) => (
          <span key={flag} className="photo-tile__flag">
            {t.flags[flag] ?? t.flagged}
          </span>
        ))}
      </div>
    </li>
  );
}
