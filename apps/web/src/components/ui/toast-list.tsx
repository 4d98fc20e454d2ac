import { useEffect, useState, type CSSProperties } from 'react';
import { TOAST_DISMISS_MS, TOAST_ENTER_MS, TOAST_EXIT_MS } from '@promotor/contract/constants';
import { classNames } from './class-names.ts';
import './toast.css';

export type ToastItemData = {
  id: string;
  type: 'error' | 'normal';
  message: string;
  /** Epoch ms when it was shown; shown again (the same toast once more), its 8 s start anew. */
  createdAt: number;
};

export type ToastListProps = {
  toasts: readonly ToastItemData[];
  onDismiss: (id: string) => void;
  label: string;
};

// Durations come from the contract (spec §9) into the CSS animations.
const timing = { '--toast-enter-ms': `${TOAST_ENTER_MS}ms`, '--toast-exit-ms': `${TOAST_EXIT_MS}ms` } as CSSProperties;

/**
 * Toasts at the top of the screen (spec §2), under the header when there is one (its height comes as
 * --app-header-height), so its burger and coupon icon stay free: each leaves 8 s after it was shown —
 * counted from `createdAt`, across a reload — or when tapped.
 */
export function ToastList({ toasts, onDismiss, label }: ToastListProps) {
  // Two live regions, both always in the page so that what enters them is read out: an error
  // interrupts (assertive: her start was not stored), any other toast waits its turn (role=status,
  // polite). WCAG 4.1.3, decision 139. Not role=alert: an empty alert in every page would be one more
  // "alert" beside the page's own refusals, for assistive technology that lists them.
  const list = (type: ToastItemData['type']) =>
    toasts.filter((toast) => toast.type === type).map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />);
  return (
    <section className="toasts" aria-label={label} style={timing}>
      <div aria-live="assertive" className="toasts__list">
        {list('error')}
      </div>
      <div role="status" className="toasts__list">
        {list('normal')}
      </div>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastItemData; onDismiss: (id: string) => void }) {
  // Which showing of the toast is leaving: shown again meanwhile, it stays for a new 8 s.
  const [leavingSince, setLeavingSince] = useState<number | null>(null);
  const leaving = leavingSince === toast.createdAt;

  useEffect(() => {
    const timer = leaving
      ? setTimeout(() => onDismiss(toast.id), TOAST_EXIT_MS)
      : setTimeout(() => setLeavingSince(toast.createdAt), Math.max(0, toast.createdAt + TOAST_DISMISS_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [leaving, onDismiss, toast.id, toast.createdAt]);

  return (
    <button
      type="button"
      className={classNames('toast', `toast--${toast.type}`, leaving && 'toast--leaving')}
      onClick={() => setLeavingSince(toast.createdAt)}
    >
      {toast.message}
    </button>
  );
}
