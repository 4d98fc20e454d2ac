import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { adminCall } from '../api/admin-api.ts';
import type { NotificationDelivery } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';

const t = pl.biuroNotifications;

type Props = {
  delivery: NotificationDelivery;
  /** The notification named among several: the buttons' names differ. */
  label: string;
  onResent: (delivery: NotificationDelivery) => void;
};

/**
 * 'Wyślij ponownie' for one notification: asks in place first (an SMS may go to her phone at once),
 * then pushes it again. One Idempotency-Key per resend: kept while no answer came (a retry after a
 * lost connection does not send twice), a new one once the server answered (another resend is meant).
 */
export function NotificationResend({ delivery, label, onResent }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const groupRef = useOpenedFocus<HTMLDivElement>(confirming);
  const questionId = `notification-${delivery.id}-question`;

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminCall('/admin/notifications/resend', { notification: { id: delivery.id } }, { idempotencyKey: key });
      setKey(newIdempotencyKey());
      setConfirming(false);
      onResent(answer.notification);
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'api') setKey(newIdempotencyKey());
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={groupRef} className={`notification__resend${confirming ? ' notification__resend--open' : ''}`}>
      {confirming ? (
        <div role="alertdialog" aria-labelledby={questionId} className="notification__confirm">
          <p id={questionId}>{t.resendConfirm}</p>
          <div className="notification__buttons">
            <Button data-focus-here variant="secondary" onClick={() => setConfirming(false)}>
              {pl.biuro.panel.cancel}
            </Button>
            <Button busy={busy} aria-label={t.resendOf(label)} onClick={() => void resend()}>
              {t.resend}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          data-focus-here
          variant="secondary"
          aria-label={t.resendOf(label)}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {t.resend}…
        </Button>
      )}
      {error ? (
        <p className="biuro-alert notification__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
