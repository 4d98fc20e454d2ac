import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { Report, ReportPhoto } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { photoCaptions } from './report-answers.ts';
import { PanelSection } from './report-sections.tsx';
import { ReportImage } from './report-image.tsx';

const t = pl.biuroReports;

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
                <ReportImage kind="photo" uuid={photo.uuid} caption={caption} />
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
                  <ReportImage kind="receipt" uuid={receipt.uuid} caption={caption} />
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
