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

describe('toWallClock', () => {
  const byIntl = (instant: Date, timeZone: string) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(instant)
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };

  it('shows what a clock in the zone shows, minute by minute across the changes to and from summer time', () => {
    // Warsaw (the app's zone), a zone that moves by half an hour, one three quarters off UTC, and UTC.
    const zones = ['Europe/Warsaw', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];
    const changes = [
      '2026-03-29T00:00:00Z',
      '2026-10-25T00:00:00Z',
      '2026-04-04T14:00:00Z',
      '2026-10-03T14:00:00Z',
      '2026-03-08T04:00:00Z',
    ];
    for (const timeZone of zones) {
      for (const change of changes) {
        for (let minute = 0; minute < 4 * 60; minute += 7) {
          const instant = new Date(Date.parse(change) + minute * 60_000 + 13_000);
          expect(toWallClock(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toBe(byIntl(instant, timeZone));
        }
      }
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => toWallClock(new Date(Number.NaN), 'Europe/Warsaw')).toThrow(RangeError);
  });
});
