import type { Action } from '@promotor/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { toast } from '../../../store/notify.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { canCancel, isStarted, showsStartStopButton } from '../action-rules.ts';
import { submitCancel } from '../submit/submit-flows.ts';
import { CancelConfirmation } from './cancel-confirmation.tsx';
import { LocationChooser } from './location-chooser.tsx';

type Popup = 'cancel' | 'location' | null;

/** spec §2 Action detail: 'Rozpocznij'/'Zakończ', 'Odwołać' with its confirmation, 'Kody promocyjne'. */
export function ActionDetailButtons({ action, inProgress }: { action: Action; inProgress: boolean }) {
  const navigate = useNavigate();
  const [popup, setPopup] = useState<Popup>(null);
  const [cancelling, setCancelling] = useState(false);
  const started = isStarted(action);
  const points = action.actionPoints;
  // A start needs a point to check in at; 'Rozpocznij' stays visible (spec) but dimmed without one.
  const dimmed = inProgress || (!started && points.length === 0);

  const startOrStop = () => {
    if (dimmed) return;
    if (started) void navigate(`/akcja/koniec/${action.uuid}`);
    else if (points.length > 1) setPopup('location');
    else void navigate(`/akcja/start/${action.uuid}`);
  };

  // spec §4 Cancel flow through the outbox (docs/decisions/031-action-forms.md): stored at once, sent
  // when there is a connection; a refusal shows in the outbox's failure popup.
  const confirmCancel = async () => {
    setCancelling(true);
    try {
      await submitCancel(action.uuid, points[0]?.uuid ?? null);
      await navigate('/akcje');
    } catch {
      useAppStore.getState().showToast(pl.errors.generic, 'error');
      setCancelling(false);
      setPopup(null);
    }
  };

  return (
    <div className="action-detail__buttons">
      {showsStartStopButton(action, new Date()) ? (
        <Button block aria-disabled={dimmed || undefined} className={dimmed ? 'is-dimmed' : undefined} onClick={startOrStop}>
          {started ? pl.actions.end : pl.actions.start}
        </Button>
      ) : null}
      {canCancel(action) ? (
        <Button variant="secondary" block disabled={inProgress} onClick={() => setPopup('cancel')}>
          {pl.actionDetail.cancel}
        </Button>
      ) : null}
      {/* The voucher popups come with the voucher issue; until then the button only says so. */}
      <Button variant={started ? 'primary' : 'secondary'} block disabled={!started} onClick={() => toast(pl.inPreparation)}>
        {pl.header.coupons}
      </Button>
      {popup === 'cancel' ? (
        <CancelConfirmation busy={cancelling} onConfirm={() => void confirmCancel()} onClose={() => setPopup(null)} />
      ) : null}
      {popup === 'location' ? (
        <LocationChooser
          points={points}
          onChoose={(point) => void navigate(`/akcja/start/${action.uuid}?punkt=${encodeURIComponent(point.uuid)}`)}
          onClose={() => setPopup(null)}
        />
      ) : null}
    </div>
  );
}
