import type { Receipt } from '@promotor/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { retryMayHelp } from '../../../lib/retry-may-help.ts';
import { listReceipts, serveReceipt } from '../api/reports.api.ts';
import { useLoad } from '../hooks/use-load.ts';
import { ApiPhoto, type OpenPhoto } from './api-photo.tsx';

const t = pl.reports;

/** The device a receipt belongs to: its serial number (Glo), else its beacon. */
const deviceLabel = (receipt: Receipt) => t.receiptDevice(receipt.device.serial ?? receipt.device.beacon);

function ReceiptList({ actionUuid, onOpen }: { actionUuid: string; onOpen: OpenPhoto }) {
  const { state, reload } = useLoad(actionUuid, listReceipts);
  if (!state || state.status === 'loading') {
    return (
      <p className="reports-page__status" role="status">
        {t.loadingReceipts}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="reports-page__status" role="alert">
        <p>
          {t.receiptsFailed} {errorMessage(state.error)}
        </p>
        {retryMayHelp(state.error) ? (
          <Button variant="secondary" onClick={reload}>
            {t.retry}
          </Button>
        ) : null}
      </div>
    );
  }
  if (state.data.length === 0) return <p className="note">{t.noReceipts}</p>;
  return (
    <ul className="report-photos">
      {state.data.map((receipt) => (
        <li key={receipt.uuid}>
          <ApiPhoto uuid={receipt.uuid} serve={serveReceipt} caption={deviceLabel(receipt)} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** spec §2 Report detail: 'Pokaż paragony' loads the receipts (not before: up to 100 images). */
export function ReportReceipts({ actionUuid, onOpen }: { actionUuid: string; onOpen: OpenPhoto }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="report-section" aria-label={t.receipts}>
      {shown ? (
        <>
          <h2>{t.receipts}</h2>
          <ReceiptList actionUuid={actionUuid} onOpen={onOpen} />
        </>
      ) : (
        <Button variant="secondary" block onClick={() => setShown(true)}>
          {t.showReceipts}
        </Button>
      )}
    </section>
  );
}
