import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { ReportSummary } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { reportRef } from './reports-view.ts';

type Props = { selected: ReportSummary[]; onApproved: (count: number) => void };

/**
 * 'Zatwierdź zaznaczone' (issue 25 "bulk approve a filtered list"): asks in place, then approves every
 * ticked report in one call — all or nothing on the server, so a refusal changes none of them.
 */
export function BulkApprove({ selected, onApproved }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = selected.length;
  // The button pressed goes away with the question: focus moves to the question's safe answer and back.
  const groupRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Asking: the question's first button ('Anuluj'); back: the one that asks again.
    if (confirming || asked.current) groupRef.current?.querySelector('button')?.focus();
    asked.current = confirming;
  }, [confirming]);

  async function approve() {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminCall('/admin/reports/approve-many', { reports: selected.map(reportRef) });
      setConfirming(false);
      onApproved(answer.reports.length);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={groupRef} className="reports-bulk" role="group" aria-label={pl.biuroReports.approveSelected}>
      <span aria-live="polite">{pl.biuroReports.selected(count)}</span>
      {confirming && count > 0 ? (
        <div role="alertdialog" aria-labelledby="reports-bulk-question" className="reports-bulk__confirm">
          <p id="reports-bulk-question">{pl.biuroReports.approveSelectedConfirm(count)}</p>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button busy={busy} onClick={() => void approve()}>
            {pl.biuroReports.approveSelected}
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          disabled={count === 0}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {pl.biuroReports.approveSelected}…
        </Button>
      )}
      {error ? (
        <p className="biuro-alert reports-bulk__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
