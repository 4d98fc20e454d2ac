import { describe, expect, it } from 'vitest';
import { toWallClock, wallDay } from './wall-clock.ts';

describe("the app's today", () => {
  it("is the day of the app's time zone, not UTC's", () => {
    // 23:30 UTC on 5 March is already 00:30 on 6 March in Warsaw (UTC+1 in winter).
    expect(wallDay(new Date('2026-03-05T23:30:00Z'), 'Europe/Warsaw')).toBe('2026-03-06');
    expect(wallDay(new Date('2026-03-05T22:59:59Z'), 'Europe/Warsaw')).toBe('2026-03-05');
    expect(toWallClock(new Date('2026-07-05T22:30:00Z'), 'Europe/Warsaw')).toBe('2026-07-06 00:30:00');
  });

  it('counts whole days from today across months and the change to summer time', () => {
    const lastSaturdayOfMarch = new Date('2026-03-28T23:30:00Z'); // 00:30 on Sunday 29 March in Warsaw
    expect(wallDay(lastSaturdayOfMarch, 'Europe/Warsaw', 1)).toBe('2026-03-30');
    expect(wallDay(lastSaturdayOfMarch, 'Europe/Warsaw', 3)).toBe('2026-04-01');
    expect(wallDay(lastSaturdayOfMarch, 'Europe/Warsaw', -62)).toBe('2026-01-26');
  });
});
