import * as pl from '../../../i18n/pl.ts';
import { useApiImage } from '../hooks/use-api-image.ts';

export type OpenPhoto = (photo: { url: string; caption: string }) => void;

type ApiPhotoProps = {
  uuid: string;
  serve: (uuid: string, signal: AbortSignal) => Promise<Blob>;
  caption: string;
  onOpen: OpenPhoto;
};

/**
 * A photo of the report in a frame of fixed size: a placeholder until its bytes arrive, so that nothing
 * below moves as the photos come in one by one; a tap opens it large.
 */
export function ApiPhoto({ uuid, serve, caption, onOpen }: ApiPhotoProps) {
  const image = useApiImage(uuid, serve);
  return (
    <figure className="report-photo">
      <div className="report-photo__frame" aria-busy={image.status === 'loading' || undefined}>
        {image.status === 'loaded' ? (
          <button
            type="button"
            className="report-photo__open"
            aria-label={pl.reports.openPhoto(caption)}
            onClick={() => onOpen({ url: image.url, caption })}
          >
            <img src={image.url} alt={caption} />
          </button>
        ) : image.status === 'failed' ? (
          <span className="report-photo__failed">{pl.reports.imageFailed}</span>
        ) : (
          <span className="report-photo__placeholder" role="status" aria-label={pl.loading} />
        )}
      </div>
      {/* Non-breaking hyphens: a device number ('BC-BCJN3N') must not break at its hyphen. */}
      <figcaption>{caption.replaceAll('-', '\u2011')}</figcaption>
    </figure>
  );
}
