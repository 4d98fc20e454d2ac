import { describe, expect, it } from 'vitest';
import { endsBeforePlan } from './end-action.rules.ts';

const ZONE = 'Europe/Warsaw';

describe('when her end needs a reason (decision 119)', () => {
  // 18:00 in Warsaw on 29.11.2026 (winter time, UTC+1) is 17:00 UTC.
  it.each([
    ['2026-11-29T13:00:00Z', true, 'five hours early'],
    ['2026-11-29T16:44:59Z', true, 'a second more than 15 minutes early'],
    ['2026-11-29T16:45:00Z', false, '15 minutes early'],
    ['2026-11-29T17:00:00Z', false, 'at the planned end'],
    ['2026-11-29T21:00:00Z', false, 'after the planned end'],
  ])('an end at %s: %s (%s)', (at, early) => {
    expect(endsBeforePlan('2026-11-29 18:00:00', new Date(at), ZONE)).toBe(early);
  });

  it('counts in the zone of the plan, in summer time too', () => {
    // 18:00 in Warsaw on 29.06.2026 (UTC+2) is 16:00 UTC.
    expect(endsBeforePlan('2026-06-29 18:00:00', new Date('2026-06-29T15:30:00Z'), ZONE)).toBe(true);
    expect(endsBeforePlan('2026-06-29 18:00:00', new Date('2026-06-29T15:50:00Z'), ZONE)).toBe(false);
  });
});
