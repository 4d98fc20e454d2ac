import { describe, expect, it } from 'vitest';
import { availabilityRefusal, availabilityWindow } from './availability.rules.ts';

describe('availability rules (spec §5, §9)', () => {
  const now = '2026-11-23 10:30:00';

  it('the window ends with the month two months ahead, across a year end', () => {
    expect(availabilityWindow('2026-11-23')).toEqual({ since: '2026-11-23 00:00:00', until: '2027-01-31 23:59:59' });
    expect(availabilityWindow('2026-12-01').until).toBe('2027-02-28 23:59:59');
    expect(availabilityWindow('2027-12-31').until).toBe('2028-02-29 23:59:59');
  });

  it('accepts a block later today and one on the last day of the window', () => {
    expect(availabilityRefusal('2026-11-23 11:00:00', '2026-11-23 22:00:00', now)).toBeNull();
    expect(availabilityRefusal('2027-01-31 06:00:00', '2027-01-31 07:00:00', now)).toBeNull();
  });

  it('refuses each broken range with its code', () => {
    expect(availabilityRefusal('2026-11-24 12:00:00', '2026-11-24 12:00:00', now)).toBe('E_AVAILABILITY_END_NOT_AFTER_START');
    expect(availabilityRefusal('2026-11-24 12:00:00', '2026-11-24 09:00:00', now)).toBe('E_AVAILABILITY_END_NOT_AFTER_START');
    expect(availabilityRefusal('2026-11-24 12:00:00', '2026-11-25 09:00:00', now)).toBe('E_AVAILABILITY_SPANS_DAYS');
    expect(availabilityRefusal('2026-11-24 05:00:00', '2026-11-24 09:00:00', now)).toBe('E_AVAILABILITY_OUTSIDE_HOURS');
    expect(availabilityRefusal('2026-11-24 09:00:00', '2026-11-24 22:00:01', now)).toBe('E_AVAILABILITY_OUTSIDE_HOURS');
    expect(availabilityRefusal('2026-11-23 09:00:00', '2026-11-23 12:00:00', now)).toBe('E_AVAILABILITY_IN_PAST');
    expect(availabilityRefusal('2027-02-01 09:00:00', '2027-02-01 12:00:00', now)).toBe('E_AVAILABILITY_OUTSIDE_WINDOW');
  });
});
