import { ApiError, endsSession, isAbortError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useAppStore } from './app-store.ts';

/**
 * Shows the Polish text of a failed call as an error toast (spec §8 general handling), except for the
 * two failures said elsewhere, once: no connection (the offline notice under the header, decision 045;
 * an answer cut off by the page being left reads as one too) and an ended session (the login page,
 * decision 044); and a call its caller aborted, which did not fail.
 */
export function toastError(error: unknown): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError && error.kind === 'network') return;
  if (endsSession(error)) return;
  useAppStore.getState().showToast(errorMessage(error), 'error');
}

export function toast(message: string): void {
  useAppStore.getState().showToast(message, 'normal');
}
