import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryMayHelp } from './retry-may-help.ts';

describe('whether a retry may help', () => {
  it('yes after no answer, an answer that was not the API’s, a server failure or a call still under way', () => {
    expect(retryMayHelp(new ApiError('network', null))).toBe(true);
    expect(retryMayHelp(new ApiError('unexpected', null))).toBe(true);
    expect(retryMayHelp({ kind: 'interrupted', code: null })).toBe(true);
    expect(retryMayHelp(new ApiError('api', 'E_INTERNAL'))).toBe(true);
    expect(retryMayHelp(new ApiError('api', 'E_SERVICE_UNAVAILABLE'))).toBe(true);
    expect(retryMayHelp(new ApiError('api', 'E_IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(retryMayHelp(new Error('not an API call'))).toBe(true);
  });

  it('no after a refusal that a retry only repeats: not found, already invited, a limit', () => {
    expect(retryMayHelp(new ApiError('api', 'E_ACTION_NOT_FOUND'))).toBe(false);
    expect(retryMayHelp({ kind: 'api', code: 'E_ALREADY_INVITED' })).toBe(false);
    expect(retryMayHelp(new ApiError('api', 'E_INVITE_LIMIT'))).toBe(false);
  });
});
