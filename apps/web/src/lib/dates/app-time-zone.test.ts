import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDay, appStartOfDay } from './app-time-zone.ts';

describe("today is the server's day, not the phone's", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('counts days in Europe/Warsaw by default', () => {
    // 23:30 UTC on 5 March is already 00:30 on 6 March in Warsaw (UTC+1 in winter).
    expect(appDay(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-06');
    expect(appDay(new Date('2026-03-05T22:59:59Z'))).toBe('2026-03-05');
    // Summer time: UTC+2.
    expect(appDay(new Date('2026-07-05T22:30:00Z'))).toBe('2026-07-06');
  });

  it('follows VITE_APP_TIMEZONE', () => {
    vi.stubEnv('VITE_APP_TIMEZONE', 'Pacific/Kiritimati'); // UTC+14
    expect(appDay(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-06');
    expect(appStartOfDay(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-06 00:00:00');
  });
});
