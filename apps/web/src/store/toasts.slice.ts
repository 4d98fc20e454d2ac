import type { SliceCreator } from './slice.ts';

// spec §3 Toast: id, type, message; §2: shown at the top, dismissed after 8 s or on click. Each
// carries when it was shown (its 8 s run from there, docs/decisions/043-toasts-live-once.md). A toast
// is said once: a reload or a reopened app starts without the toasts of before (decision 075).
export type ToastType = 'error' | 'normal';
export type Toast = {
  id: string;
  type: ToastType;
  message: string;
  /** Epoch ms when it was shown (or shown again): its 8 s run from here. */
  createdAt: number;
};

/** More would cover the page: the oldest gives way (it would leave within 8 s anyway). */
export const MAX_TOASTS = 3;

export type ToastsSlice = {
  toasts: Toast[];
  /** Shows a toast; one identical to a toast on screen (same type and text) is shown again instead of stacking. */
  showToast: (message: string, type?: ToastType) => void;
  dismissToast: (id: string) => void;
  /** Takes away every toast of the type (a successful login: the failed tries' errors are over). */
  dismissToasts: (type: ToastType) => void;
};

// Persisted toasts survive a reload, so ids must not restart from 1.
const newToastId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const initialToasts: Toast[] = [];

/**
 * What comes back of the saved toasts when the app starts again: none. Each told of something that
 * had just happened ('Wydano kod.', 'Pomyślnie zmieniono hasło!'); said again after a reload, it reads
 * as if it had happened again (decision 075, replacing decision 043's "within its 8 s").
 */
export const restoreToasts = (): Toast[] => initialToasts;

export function withToast(toasts: readonly Toast[], message: string, type: ToastType, now: number): Toast[] {
  const same = toasts.find((toast) => toast.type === type && toast.message === message);
  if (same) return toasts.map((toast) => (toast === same ? { ...toast, createdAt: now } : toast));
  return [...toasts, { id: newToastId(), type, message, createdAt: now }].slice(-MAX_TOASTS);
}

export const createToastsSlice: SliceCreator<ToastsSlice> = (set) => ({
  toasts: initialToasts,
  showToast: (message, type = 'normal') => set((state) => ({ toasts: withToast(state.toasts, message, type, Date.now()) })),
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  dismissToasts: (type) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.type !== type) })),
});
