import type { Action } from '@promotor/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { canCancel, isStarted, showsStartStopButton } from '../action-rules.ts';
import { useRunningAction } from '../hooks/use-running-action.ts';
import { useStartEntry } from '../hooks/use-start-entry.ts';
import { submitCancel } from '../submit/submit-flows.ts';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet.tsx';
import { LocationChooser } from './location-chooser.tsx';
import { StartRefusalNote } from './start-refusal-note.tsx';

export type ActionDetailButtonsProps = {
  action: Action;
  inProgress: boolean;
  /** 'Kody promocyjne': the voucher popups, which app/ brings (features do not import each other). */
  onOpenVouchers?: (action: Action) => void;
};

/** spec §2 Action detail: 'Rozpocznij'/'Zakończ', 'Odwołać' with its confirmation, 'Kody promocyjne'. */
export function ActionDetailButtons({ action, inProgress, onOpenVouchers }: ActionDetailButtonsProps) {
  const navigate = useNavigate();
  const entry = useStartEntry(action);
  const [cancelPopup, setCancelPopup] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const started = isStarted(action);
  const givesCodes = useRunningAction()?.uuid === action.uuid;
  const points = action.actionPoints;
  // A start needs a point to check in at; 'Rozpocznij' stays visible (spec) but dimmed without one,
  // and a tap says why (docs/decisions/047-a-dimmed-start-says-why.md).
  const dimmed = inProgress || (!started && points.length === 0);

  const startOrStop = () => {
    const path = entry.press();
    if (path) void navigate(path);
  };

  // spec §4 Cancel flow through the outbox (docs/decisions/031-action-forms.md): stored at once, sent
  // when there is a connection; a refusal shows in the outbox's failure popup.
  const confirmCancel = async () => {
    setCancelling(true);
    try {
      await submitCancel(action, points[0]?.uuid ?? null);
      await navigate('/akcje');
    } catch {
      useAppStore.getState().showToast(pl.errors.generic, 'error');
      setCancelling(false);
      setCancelPopup(false);
    }
  };

  return (
    <div className="action-detail__buttons">
      {showsStartStopButton(action, new Date()) ? (
        <Button
          block
          aria-disabled={dimmed || undefined}
          aria-describedby={entry.refusal ? entry.noteId : undefined}
          className={dimmed ? 'is-dimmed' : undefined}
          onClick={startOrStop}
        >
          {started ? pl.actions.end : pl.actions.start}
        </Button>
      ) : null}
      {entry.refusal ? <StartRefusalNote id={entry.noteId} refusal={entry.refusal} live /> : null}
      {canCancel(action) ? (
        <Button variant="secondary" block disabled={inProgress} onClick={() => setCancelPopup(true)}>
          {pl.actionDetail.cancel}
        </Button>
      ) : null}
      {/* spec §2: active (orange) only when her status is started; a start queued on this phone counts (decision 074). */}
      <Button variant={givesCodes ? 'primary' : 'secondary'} block disabled={!givesCodes} onClick={() => onOpenVouchers?.(action)}>
        {pl.header.coupons}
      </Button>
      <ConfirmSheet
        open={cancelPopup}
        title={pl.actionDetail.cancelQuestion}
        confirmLabel={pl.actionDetail.confirm}
        busy={cancelling}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelPopup(false)}
      />
      <LocationChooser open={entry.choosing} points={points} onChoose={entry.choose} onClose={entry.closeChooser} />
    </div>
  );
}
