import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminFilePath, Report, ReportPhoto } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { photoCaptions } from './report-answers.ts';
import { PanelSection } from './report-sections.tsx';
import { useAdminFile } from './use-admin-file.ts';

const t = pl.biuroReports;

/** One image of the report: a thumbnail that grows to the panel's width when pressed, and back. */
function ReportImage({ path, uuid, caption }: { path: AdminFilePath; uuid: string; caption: string }) {
  const file = useAdminFile(path, uuid);
  const [large, setLarge] = useState(false);
  if (file.status === 'loading') {
    return (
      <div className="report-image report-image--placeholder" role="status">
        {t.loadingImage}
      </div>
    );
  }
  if (file.status === 'failed') {
    return <div className="report-image report-image--placeholder report-image--failed">{t.imageFailed}</div>;
  }
  return (
    <button
      type="button"
      className={`report-image${large ? ' report-image--large' : ''}`}
      aria-label={t.openPhoto(caption)}
      aria-expanded={large}
      onClick={() => setLarge((old) => !old)}
    >
      <img src={file.url} alt={caption} />
    </button>
  );
}

type GalleryProps = { report: Report; canFlag: boolean; onPhotoChanged: (photo: ReportPhoto) => void };

/** Her start and end photos and the survey's two: each can be flagged by whoever may review. */
export function ReportGallery({ report, canFlag, onPhotoChanged }: GalleryProps) {
  const captions = photoCaptions(report);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function flag(photo: ReportPhoto) {
    setBusy(photo.uuid);
    setError(null);
    try {
      const answer = await adminCall('/admin/reports/flag-photo', { file: { uuid: photo.uuid }, flagged: !photo.flagged });
      onPhotoChanged(answer.photo);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PanelSection id="report-photos" title={t.photos}>
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
      {report.photos.length === 0 ? (
        <p className="biuro-muted">{t.noPhotos}</p>
      ) : (
        <ul className="report-gallery">
          {report.photos.map((photo) => {
            const caption = captions.get(photo.uuid) ?? photo.ident;
            return (
              <li
                key={photo.uuid}
                className={photo.flagged ? 'report-gallery__item report-gallery__item--flagged' : 'report-gallery__item'}
              >
                <ReportImage path="/admin/reports/file" uuid={photo.uuid} caption={caption} />
                <div className="report-gallery__caption">
                  <span>{caption}</span>
                  {photo.flagged ? <span className="report-flag">{t.flagged}</span> : null}
                </div>
                {canFlag ? (
                  <Button
                    variant="secondary"
                    className="biuro-row-button"
                    aria-pressed={photo.flagged}
                    aria-label={t.flagLabel(caption)}
                    busy={busy === photo.uuid}
                    onClick={() => void flag(photo)}
                  >
                    {t.flag}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </PanelSection>
  );
}

/** The receipts she photographed, each labelled with its device. */
export function ReportReceipts({ report }: { report: Report }) {
  return (
    <PanelSection id="report-receipts" title={t.receipts}>
      {report.receipts.length === 0 ? (
        <p className="biuro-muted">{t.noReceipts}</p>
      ) : (
        <ul className="report-gallery">
          {report.receipts.map((receipt) => {
            const caption = t.receiptDevice(receipt.device.serial ?? receipt.device.beacon);
            return (
              <li key={receipt.uuid} className="report-gallery__item">
                {receipt.imageKept ? (
                  <ReportImage path="/admin/reports/receipt" uuid={receipt.uuid} caption={caption} />
                ) : (
                  <div className="report-image report-image--placeholder">{t.receiptImageRemoved}</div>
                )}
                <div className="report-gallery__caption">{caption}</div>
              </li>
            );
          })}
        </ul>
      )}
    </PanelSection>
  );
}
