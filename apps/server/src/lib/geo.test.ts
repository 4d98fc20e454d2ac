import { describe, expect, it } from 'vitest';
import { distanceMeters, distanceToNearest } from './geo.ts';

describe('geo', () => {
  it('Warsaw Palace of Culture to the Royal Castle is about 1.9 km; a point to itself is 0', () => {
    const pkin = { latitude: 52.2318, longitude: 21.0059 };
    const castle = { latitude: 52.2479, longitude: 21.0148 };
    expect(distanceMeters(pkin, castle)).toBeGreaterThan(1_850);
    expect(distanceMeters(pkin, castle)).toBeLessThan(1_950);
    expect(distanceMeters(pkin, pkin)).toBe(0);
  });

  it('0.001° of latitude is about 111 m; the nearest point with coordinates counts, none gives null', () => {
    const here = { latitude: 52.2, longitude: 21.0 };
    const near = { latitude: 52.201, longitude: 21.0 };
    const far = { latitude: 52.3, longitude: 21.0 };
    expect(distanceToNearest(here, [far, near, { latitude: null, longitude: null }])).toBeCloseTo(111.2, 0);
    expect(distanceToNearest(here, [{ latitude: null, longitude: null }])).toBeNull();
    expect(distanceToNearest({ latitude: null, longitude: null }, [near])).toBeNull();
    expect(distanceToNearest(null, [near])).toBeNull();
  });
});
