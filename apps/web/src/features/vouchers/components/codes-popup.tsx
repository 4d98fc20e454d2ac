import type { Voucher } from '@promotor/contract';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useOutbox } from '../../../lib/outbox/index.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { generateVouchers } from '../api/vouchers.api.ts';
import { batchWaiting, codesWaiting } from '../submit/redeem.ts';
import { vouchersRequest } from '../vouchers-store.ts';
import { LoadState } from './load-state.tsx';

const NO_CODES: Voucher[] = [];

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
  const kept = useAppStore((state) => state.vouchers.codes[batchUuid]);
  const { pending } = useOutbox();
  const request = vouchersRequest(batchUuid);
  const { status, reload } = useRequest(request, { enabled: active });
  const codes = useMemo(() => {
    const waiting = codesWaiting(pending);
    return (kept ?? NO_CODES).filter((voucher) => voucher.redeemed === null && !waiting.has(voucher.uuid));
  }, [kept, pending]);
  // Codes kept on the phone (at login, or loaded before) stand in for a reload that failed: without a
  // connection she can still give them, and sees 'Brak dostępnych kodów' once she has given the last one.
  const stale = status === 'failed' && kept !== undefined;
  const generation = useGenerate(batchUuid, () => request.refresh());
  return (
    <Modal open={open} variant="sheet" title={pl.vouchers.codesTitle(batchIdent)} onClose={onClose}>
      {stale ? <p className="note">{pl.vouchers.codesOffline}</p> : null}
      {codes.length > 0 ? (
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
      ) : status === 'loaded' || stale ? (
        <NoCodes
          busy={generation.busy}
          sending={batchWaiting(pending, batchUuid)}
          failure={generation.failure}
          onGenerate={generation.generate}
        />
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

/**
 * 'Generuj kody' (spec §4: generate, then reload the codes). The codes are reloaded after a failure
 * too, before it is said: the server may have given her the codes and the answer been lost (a dropped
 * connection), or she has codes left that this phone did not know of (E_VOUCHERS_LEFT, decision 074).
 * It stays busy until the reload has answered, so the popup never offers a second set while the first
 * is on its way to the list. Kept by the popup (one per batch), not by the button, which the reload
 * replaces with 'Wczytywanie kodów…' for a moment.
 */
function useGenerate(batchUuid: string, reloadCodes: () => Promise<boolean>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const generate = async () => {
    setBusy(true);
    setFailure(null);
    let said: string | null = null;
    try {
      await generateVouchers(batchUuid);
    } catch (error) {
      // E_INSUFFICIENT_AMOUNT_IN_DB and the rest: said here, in the popup she is looking at.
      said = errorMessage(error);
    }
    await reloadCodes();
    setFailure(said);
    setBusy(false);
  };
  return { busy, failure, generate: () => void generate() };
}

type NoCodesProps = { busy: boolean; sending: boolean; failure: string | null; onGenerate: () => void };

/**
 * 'Brak dostępnych kodów' and 'Generuj kody', with what went wrong last time. While codes she gave
 * still wait in the outbox the server counts them as hers (no new set while codes remain, decision 074):
 * the button waits for them and says so.
 */
function NoCodes({ busy, sending, failure, onGenerate }: NoCodesProps) {
  const noteId = useId();
  return (
    <div className="voucher-empty">
      <p className="note">{pl.vouchers.noCodes}</p>
      <Button busy={busy} disabled={sending} aria-describedby={sending ? noteId : undefined} onClick={onGenerate}>
        {pl.vouchers.generate}
      </Button>
      {sending ? (
        <p id={noteId} className="note">
          {pl.vouchers.generateAfterSending}
        </p>
      ) : null}
      {failure ? (
        <p className="voucher-empty__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
