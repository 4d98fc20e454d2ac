import { describe, expect, it } from 'vitest';
import { monthRanges } from './sample-periods.ts';

describe('monthRanges', () => {
  it('takes the month of the Warsaw wall clock, not of UTC, at a month edge', () => {
    // 2026-03-31 22:30 UTC is 2026-04-01 00:30 in Warsaw (summer time since 29 March).
    expect(monthRanges(new Date('2026-03-31T22:30:00Z'), 'Europe/Warsaw')).toEqual({
      currentMonth: { from: '2026-04-01 00:00:00', to: '2026-05-01 00:00:00' },
      lastMonth: { from: '2026-03-01 00:00:00', to: '2026-04-01 00:00:00' },
    });
  });

  it('crosses the year in January', () => {
    expect(monthRanges(new Date('2027-01-15T12:00:00Z'), 'Europe/Warsaw')).toEqual({
      currentMonth: { from: '2027-01-01 00:00:00', to: '2027-02-01 00:00:00' },
      lastMonth: { from: '2026-12-01 00:00:00', to: '2027-01-01 00:00:00' },
    });
  });
});
