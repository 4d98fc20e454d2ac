import type { VoucherBatch } from '@promotor/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { batchesRequest } from '../vouchers-store.ts';
import { LoadState } from './load-state.tsx';

const NO_BATCHES: VoucherBatch[] = [];

export type BatchPickerProps = { open: boolean; eventUuid: string; onChoose: (batch: VoucherBatch) => void; onClose: () => void };

/**
 * spec §2 'Wybierz kategorię:', one button per batch labelled by its ident. Opened, it reloads the
 * event's batches; the ones kept from before show meanwhile, and without a connection.
 */
export function BatchPicker({ open, eventUuid, onChoose, onClose }: BatchPickerProps) {
  const batches = useAppStore((state) => state.vouchers.batches[eventUuid] ?? NO_BATCHES);
  const { status, reload } = useRequest(batchesRequest(eventUuid), { enabled: open });
  return (
    <Modal open={open} variant="sheet" title={pl.vouchers.chooseBatch} onClose={onClose}>
      {batches.length > 0 ? (
        <ul className="voucher-choices">
          {batches.map((batch) => (
            <li key={batch.uuid}>
              <Button variant="secondary" block onClick={() => onChoose(batch)}>
                {batch.ident}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <LoadState
          status={status}
          loading={pl.vouchers.loadingBatches}
          failed={pl.vouchers.batchesFailed}
          empty={pl.vouchers.noBatches}
          onRetry={reload}
        />
      )}
      <div className="modal__actions">
        <Button variant="text" onClick={onClose}>
          {pl.vouchers.close}
        </Button>
      </div>
    </Modal>
  );
}
