import { describe, expect, it } from 'vitest';
import { spanText, timelineOf } from './schedule-timeline.ts';

const day = { since: '2026-12-01 00:00:00', until: '2026-12-01 23:59:59' };

describe("a day's small timeline", () => {
  it('shows 06:00–22:00 unless something lies outside it, and places spans in percent of it', () => {
    const usual = timelineOf(day, [{ since: '2026-12-01 10:00:00', until: '2026-12-01 18:00:00' }]);
    expect(usual.place({ since: '2026-12-01 06:00:00', until: '2026-12-01 14:00:00' })).toEqual({ left: 0, width: 50 });
    expect(usual.ticks.map((t) => t.label)).toEqual(['06:00', '09:00', '12:00', '15:00', '18:00', '21:00']);
    const early = timelineOf(day, [{ since: '2026-12-01 04:30:00', until: '2026-12-01 23:15:00' }]);
    expect(early.place({ since: '2026-12-01 04:00:00', until: '2026-12-01 14:00:00' })).toEqual({ left: 0, width: 50 });
  });

  it('an action past midnight widens the window into the next day; what lies outside is clipped', () => {
    const days = { since: '2026-12-01 00:00:00', until: '2026-12-02 23:59:59' };
    const night = timelineOf(days, [{ since: '2026-12-01 20:00:00', until: '2026-12-02 02:00:00' }]);
    const placed = night.place({ since: '2026-12-01 20:00:00', until: '2026-12-02 02:00:00' });
    expect(placed.left).toBeGreaterThan(0);
    expect(placed.left + placed.width).toBeLessThan(100);
    expect(night.place({ since: '2026-11-30 10:00:00', until: '2026-12-01 06:00:00' }).left).toBe(0);
  });

  it('says a span in words, naming the end day when it ends on another', () => {
    expect(spanText({ since: '2026-12-01 08:00:00', until: '2026-12-01 14:00:00' })).toBe('08:00–14:00');
    expect(spanText({ since: '2026-12-01 20:00:00', until: '2026-12-02 02:00:00' })).toBe('20:00–02.12 02:00');
  });
});
