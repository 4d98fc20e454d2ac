import { describe, expect, it } from 'vitest';
import { distanceMeters } from './geo.ts';

describe('distanceMeters', () => {
  it('is zero for the same place', () => {
    expect(distanceMeters({ latitude: 52.2297, longitude: 21.0122 }, { latitude: 52.2297, longitude: 21.0122 })).toBe(0);
  });

  it('measures Warsaw to Kraków as about 252 km', () => {
    const warsaw = { latitude: 52.2297, longitude: 21.0122 };
    const krakow = { latitude: 50.0647, longitude: 19.945 };
    expect(distanceMeters(warsaw, krakow) / 1000).toBeCloseTo(252, 0);
  });

  it('is symmetric', () => {
    const a = { latitude: 54.352, longitude: 18.6466 };
    const b = { latitude: 51.1079, longitude: 17.0385 };
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });

  it('gives a metre for a metre along the meridian', () => {
    const north = 300 / 6_371_008.8 / (Math.PI / 180);
    expect(distanceMeters({ latitude: 52, longitude: 21 }, { latitude: 52 + north, longitude: 21 })).toBeCloseTo(300, 6);
  });
});
