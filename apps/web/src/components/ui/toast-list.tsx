import { useEffect, useState, type CSSProperties } from 'react';
import { TOAST_DISMISS_MS, TOAST_ENTER_MS, TOAST_EXIT_MS } from '@promotor/contract/constants';
import { classNames } from './class-names.ts';
import './toast.css';

export type ToastItemData = { id: string; type: 'error' | 'normal'; message: string };

export type ToastListProps = {
  toasts: readonly ToastItemData[];
  onDismiss: (id: string) => void;
  label: string;
};

// Durations come from the contract (spec §9) into the CSS animations.
const timing = { '--toast-enter-ms': `${TOAST_ENTER_MS}ms`, '--toast-exit-ms': `${TOAST_EXIT_MS}ms` } as CSSProperties;

/** Toasts at the top of the screen (spec §2): each leaves after 8 s or when tapped. */
export function ToastList({ toasts, onDismiss, label }: ToastListProps) {
  return (
    <section className="toasts" aria-label={label} style={timing}>
      <div role="status" aria-live="polite" className="toasts__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastItemData; onDismiss: (id: string) => void }) {
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const timer = leaving
      ? setTimeout(() => onDismiss(toast.id), TOAST_EXIT_MS)
      : setTimeout(() => setLeaving(true), TOAST_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [leaving, onDismiss, toast.id]);

  return (
    <button
      type="button"
      className={classNames('toast', `toast--${toast.type}`, leaving && 'toast--leaving')}
      onClick={() => setLeaving(true)}
    >
      {toast.message}
    </button>
  );
}
