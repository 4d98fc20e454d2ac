import { useId, useState, type FormEvent } from 'react';
import type { RouteData } from '@promotor/contract';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { adminUpload } from '../api/admin-api.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage } from '../lib/error-message.ts';

type Props = { open: boolean; onClose: () => void; onImported: (message: string) => void };

/** Codes of a batch from a CSV file (the rules of `npm run admin -- import-vouchers`, decision 056). */
export function VoucherImportPanel({ open, onClose, onImported }: Props) {
  return (
    <SidePanel open={open} title={pl.biuro.vouchers.importTitle} onClose={onClose}>
      {open ? <VoucherImportBody onClose={onClose} onImported={onImported} /> : null}
    </SidePanel>
  );
}

function VoucherImportBody({ onClose, onImported }: Omit<Props, 'open'>) {
  const fileId = useId();
  const [event, setEvent] = useState('');
  const [batch, setBatch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const onSubmit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!event.trim() || !batch.trim() || !file) {
      setFailure(pl.biuro.vouchers.importMissing);
      return;
    }
    const form = new FormData();
    form.append('event', event.trim());
    form.append('batch', batch.trim());
    form.append('file', file, file.name);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await adminUpload<RouteData<'adminVouchersImport'>>('/admin/vouchers/import', form, { idempotencyKey: key });
      onImported(pl.biuro.vouchers.imported(answer.added, answer.skipped));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(submitted) => void onSubmit(submitted)}>
      <p className="biuro-muted">{pl.biuro.vouchers.importIntro}</p>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <Field name="event" label={pl.biuro.vouchers.event} value={event} onChange={(e) => setEvent(e.target.value)} autoComplete="off" />
      <Field name="batch" label={pl.biuro.vouchers.batch} value={batch} onChange={(e) => setBatch(e.target.value)} autoComplete="off" />
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          {pl.biuro.csvImport.file}
        </label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {pl.biuro.panel.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {pl.biuro.vouchers.importSubmit}
        </Button>
      </div>
    </form>
  );
}
