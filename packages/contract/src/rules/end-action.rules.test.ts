import { describe, expect, it } from 'vitest';
import { toWallClock } from '../wall-clock.ts';
import { endsBeforePlan } from './end-action.rules.ts';

describe('when her end needs a reason (decision 119)', () => {
  it.each([
    ['2026-11-29 13:00:00', true, 'five hours early'],
    ['2026-11-29 17:44:59', true, 'a second more than 15 minutes early'],
    ['2026-11-29 17:45:00', false, '15 minutes early'],
    ['2026-11-29 18:00:00', false, 'at the planned end'],
    ['2026-11-29 22:00:00', false, 'after the planned end'],
    ['2026-11-30 00:10:00', false, 'the next day'],
  ])('an end at %s: %s (%s)', (at, early) => {
    expect(endsBeforePlan('2026-11-29 18:00:00', at)).toBe(early);
  });

  it("counts on the app's wall clock, in winter and in summer time", () => {
    const ZONE = 'Europe/Warsaw';
    // 17:30 in Warsaw: 16:30 UTC in winter, 15:30 UTC in summer.
    expect(endsBeforePlan('2026-11-29 18:00:00', toWallClock(new Date('2026-11-29T16:30:00Z'), ZONE))).toBe(true);
    expect(endsBeforePlan('2026-11-29 18:00:00', toWallClock(new Date('2026-11-29T16:50:00Z'), ZONE))).toBe(false);
    expect(endsBeforePlan('2026-06-29 18:00:00', toWallClock(new Date('2026-06-29T15:30:00Z'), ZONE))).toBe(true);
    expect(endsBeforePlan('2026-06-29 18:00:00', toWallClock(new Date('2026-06-29T15:50:00Z'), ZONE))).toBe(false);
  });
});
