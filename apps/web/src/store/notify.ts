import { errorMessage } from '../lib/error-message.ts';
import { useAppStore } from './app-store.ts';

/** Shows the Polish text of a failed call as an error toast (spec §8 general handling). */
export function toastError(error: unknown): void {
  useAppStore.getState().showToast(errorMessage(error), 'error');
}

export function toast(message: string): void {
  useAppStore.getState().showToast(message, 'normal');
}
