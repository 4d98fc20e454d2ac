import { TOAST_DISMISS_MS } from '@promotor/contract/constants';
import type { SliceCreator } from './slice.ts';

// spec §3 Toast: id, type, message; §2: shown at the top, dismissed after 8 s or on click. The
// persisted state keeps them (§3), so each carries when it was shown: a reload or a login never
// brings back one older than its 8 s life (docs/decisions/043-toasts-live-once.md).
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

const isToast = (value: unknown): value is Toast => {
  const toast = value as Partial<Toast> | null;
  return (
    typeof toast === 'object' &&
    toast !== null &&
    typeof toast.id === 'string' &&
    (toast.type === 'error' || toast.type === 'normal') &&
    typeof toast.message === 'string' &&
    typeof toast.createdAt === 'number'
  );
};

/** Whether the toast's 8 s are not over at `now` (one from the future — a clock set back — is over too). */
export const isAlive = (toast: Toast, now: number): boolean => toast.createdAt <= now && now - toast.createdAt < TOAST_DISMISS_MS;

/** The saved toasts worth showing again at `now`: well-formed and still within their 8 s. */
export function restoreToasts(saved: unknown, now: number = Date.now()): Toast[] {
  if (!Array.isArray(saved)) return initialToasts;
  return saved
    .filter(isToast)
    .filter((toast) => isAlive(toast, now))
    .slice(-MAX_TOASTS);
}

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
