import type { SliceCreator } from './slice.ts';

// spec §3 Toast: id, type, message; §2: shown at the top, dismissed after 8 s or on click.
export type ToastType = 'error' | 'normal';
export type Toast = { id: string; type: ToastType; message: string };

export type ToastsSlice = {
  toasts: Toast[];
  showToast: (message: string, type?: ToastType) => void;
  dismissToast: (id: string) => void;
};

// Persisted toasts survive a reload, so ids must not restart from 1.
const newToastId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const initialToasts: Toast[] = [];

export const createToastsSlice: SliceCreator<ToastsSlice> = (set) => ({
  toasts: initialToasts,
  showToast: (message, type = 'normal') =>
    set((state) => ({ toasts: [...state.toasts, { id: newToastId(), type, message }] })),
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
});
