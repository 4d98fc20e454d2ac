import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { useAppStore } from './app-store.ts';
import { toastError } from './notify.ts';

const shown = () => useAppStore.getState().toasts.map(({ type, message }) => ({ type, message }));

describe('toastError', () => {
  it('says a failed call as an error toast', () => {
    toastError(new ApiError('unexpected', null, null, undefined, 502));
    expect(shown()).toEqual([{ type: 'error', message: 'Wystąpił błąd. Spróbuj ponownie.' }]);
  });

  it('says nothing of a call its caller aborted, nor of a timeout signal', () => {
    toastError(new DOMException('The operation was aborted.', 'AbortError'));
    toastError(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(shown()).toEqual([]);
  });

  it('leaves a lost connection to the offline notice, and an ended session to the login page', () => {
    toastError(new ApiError('network', null));
    toastError(new ApiError('api', 'E_EXPIRED', null, undefined, 401));
    expect(shown()).toEqual([]);
  });
});
