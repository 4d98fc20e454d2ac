import { describe, expect, it } from 'vitest';
import { periodBounds, periodLabel, periodOf, shiftPeriod } from './plan-period.ts';

describe('the period of the plan', () => {
  it('a week runs from Monday to Sunday around the chosen day, across a month', () => {
    expect(periodOf('tydzien', '2026-12-03')).toEqual({ kind: 'tydzien', first: '2026-11-30', last: '2026-12-06' });
    expect(periodOf('tydzien', '2026-11-30').first).toBe('2026-11-30');
    expect(periodOf('tydzien', '2026-12-06').first).toBe('2026-11-30');
  });

  it('a month is the calendar month, February of a leap year included', () => {
    expect(periodOf('miesiac', '2028-02-10')).toEqual({ kind: 'miesiac', first: '2028-02-01', last: '2028-02-29' });
  });

  it('the arrows move by a week or a month; the list asks from midnight to the midnight after the last day', () => {
    const week = periodOf('tydzien', '2026-12-03');
    expect(shiftPeriod(week, 1)).toBe('2026-12-07');
    expect(shiftPeriod(periodOf('miesiac', '2026-12-31'), 1)).toBe('2027-01-01');
    expect(periodBounds(week)).toEqual({ since: '2026-11-30 00:00:00', until: '2026-12-07 00:00:00' });
  });

  it('reads as days of a week or the name of a month', () => {
    expect(periodLabel(periodOf('tydzien', '2026-12-03'))).toBe('30.11 – 6.12.2026');
    expect(periodLabel(periodOf('miesiac', '2026-12-03'))).toBe('grudzień 2026');
  });
});
