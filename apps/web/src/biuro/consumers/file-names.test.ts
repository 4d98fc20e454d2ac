import { describe, expect, it } from 'vitest';
import { exportFileName } from '../requests/requests-view.ts';
import { proofFileName } from './consumers-view.ts';
import type { Consumer, ConsumerRequest } from '../api/admin-types.ts';

// A file saved at 00:30 in Warsaw on 1 December is named after 1 December, not after the UTC day
// (30 November until 01:00): the day the officer sees on her calendar (issue 40).
describe('the names of the files the officer saves', () => {
  const justAfterMidnight = new Date('2026-11-30T23:30:00Z');
  const consumer = { uuid: 'abcdef12-0000-4000-8000-000000000000' } as Consumer;

  it("a proof's name carries the app's day", () => {
    expect(proofFileName(consumer, 'json', justAfterMidnight)).toBe('zgody-abcdef12-2026-12-01.json');
  });

  it("an export's name carries the app's day", () => {
    const request = { kind: 'access', consumer } as unknown as ConsumerRequest;
    expect(exportFileName(request, justAfterMidnight)).toBe('dane-access-abcdef12-2026-12-01.json');
  });
});
