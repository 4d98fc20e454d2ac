import type { Voucher } from '@promotor/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useOutbox } from '../../../lib/outbox/index.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { generateVouchers } from '../api/vouchers.api.ts';
import { codesWaiting } from '../submit/redeem.ts';
import { vouchersRequest } from '../vouchers-store.ts';
import { LoadState } from './load-state.tsx';

export type CodesPopupProps = {
  open: boolean;
  /** Open, or hidden behind its confirmation: the codes load once for both. */
  active: boolean;
  batchUuid: string;
  batchIdent: string;
  onRedeem: (voucher: Voucher) => void;
  onBack: () => void;
  onClose: () => void;
};

/**
 * spec §2 Codes list: her unredeemed codes of the batch, numbered, each with its ident and 'Wydaj';
 * none: 'Brak dostępnych kodów' and 'Generuj kody'. A code whose redemption waits in the outbox is
 * not listed (it is given already: decision 058).
 */
export function CodesPopup({ open, active, batchUuid, batchIdent, onRedeem, onBack, onClose }: CodesPopupProps) {
  const stored = useAppStore((state) => state.vouchers.vouchers);
  const { pending } = useOutbox();
  const request = vouchersRequest(batchUuid);
  const { status, reload } = useRequest(request, { enabled: active });
  const codes = useMemo(() => {
    const waiting = codesWaiting(pending);
    return stored.filter((voucher) => voucher.redeemed === null && !waiting.has(voucher.uuid));
  }, [stored, pending]);
  // Codes loaded before (kept in the slice) stand in for a reload that failed: without a connection
  // she can still give them, and sees 'Brak dostępnych kodów' once she has given the last one.
  const stale = status === 'failed' && stored.length > 0;

  return (
    <Modal open={open} variant="sheet" title={pl.vouchers.codesTitle(batchIdent)} onClose={onClose}>
      {stale ? <p className="note">{pl.vouchers.codesOffline}</p> : null}
      {codes.length > 0 ? (
        <>
          <ol className="voucher-codes">
            {codes.map((voucher, index) => (
              <li key={voucher.uuid} className="voucher-codes__item">
                <span className="voucher-codes__number" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="voucher-codes__ident">{voucher.ident}</span>
                <Button aria-label={pl.vouchers.redeemCode(voucher.ident)} onClick={() => onRedeem(voucher)}>
                  {pl.vouchers.redeem}
                </Button>
              </li>
            ))}
          </ol>
        </>
      ) : status === 'loaded' || stale ? (
        <NoCodes batchUuid={batchUuid} onGenerated={() => void request.refresh()} />
      ) : (
        <LoadState status={status} loading={pl.vouchers.loadingCodes} failed={pl.vouchers.codesFailed} empty="" onRetry={reload} />
      )}
      <div className="modal__actions">
        <Button variant="text" onClick={onBack}>
          {pl.vouchers.changeBatch}
        </Button>
        <Button variant="text" onClick={onClose}>
          {pl.vouchers.close}
        </Button>
      </div>
    </Modal>
  );
}

/** 'Brak dostępnych kodów' and 'Generuj kody' (spec §4: generate, then reload the codes). */
function NoCodes({ batchUuid, onGenerated }: { batchUuid: string; onGenerated: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const generate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await generateVouchers(batchUuid);
      onGenerated();
    } catch (error) {
      // E_INSUFFICIENT_AMOUNT_IN_DB and the rest: said here, in the popup she is looking at.
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="voucher-empty">
      <p className="note">{pl.vouchers.noCodes}</p>
      <Button busy={busy} onClick={() => void generate()}>
        {pl.vouchers.generate}
      </Button>
      {failure ? (
        <p className="voucher-empty__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
