import { describe, expect, it } from 'vitest';
import { chosenDays, repeatDays, weekdayOf, weeksAfter, WORKDAYS } from './copy-days.ts';

describe('the days a copy goes to', () => {
  it('knows Monday as the first day of the week', () => {
    expect(weekdayOf('2026-11-30')).toBe(0);
    expect(weekdayOf('2026-12-06')).toBe(6);
  });

  it('a repeat on workdays until a Friday: every workday after the action, the day itself left out', () => {
    // Tuesday 1.12 → Wednesday 2.12 … Friday 11.12, without the weekend.
    expect(repeatDays('2026-12-01', WORKDAYS, '2026-12-11')).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
  });

  it('a repeat on chosen weekdays crosses a month and a year; none chosen or an end before the start makes none', () => {
    expect(repeatDays('2026-12-26', [5], '2027-01-10')).toEqual(['2027-01-02', '2027-01-09']);
    expect(repeatDays('2026-12-01', [], '2026-12-31')).toEqual([]);
    expect(repeatDays('2026-12-01', WORKDAYS, '2026-11-30')).toEqual([]);
    expect(repeatDays('2026-01-01', [0, 1, 2, 3, 4, 5, 6], '2030-01-01', 201)).toHaveLength(201);
  });

  it('the weeks after the one shown, and chosen days in order without doubles or the day copied from', () => {
    expect(weeksAfter('2026-11-30', 2)).toEqual(['2026-12-07', '2026-12-14']);
    expect(chosenDays(['2026-12-09', '2026-12-01', '2026-12-03', '2026-12-09'], '2026-12-01')).toEqual(['2026-12-03', '2026-12-09']);
  });
});
