import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionOrNulls } from './current-position.ts';

function stubFix(coords: Partial<GeolocationCoordinates> | null) {
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (coords) success({ coords, timestamp: Date.now() } as GeolocationPosition);
      else failure?.({ code: 3, message: 'timeout', TIMEOUT: 3 } as GeolocationPositionError);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

describe('the position of a check-in or check-out', () => {
  afterEach(() => vi.restoreAllMocks());

  it('carries the accuracy the phone reports, in metres', async () => {
    stubFix({ latitude: 52.23, longitude: 21.01, accuracy: 35 });
    expect(await positionOrNulls()).toEqual({ latitude: 52.23, longitude: 21.01, accuracy: 35 });
  });

  it('caps a very rough accuracy at what the contract takes', async () => {
    stubFix({ latitude: 52.23, longitude: 21.01, accuracy: 250_000 });
    expect((await positionOrNulls()).accuracy).toBe(100_000);
  });

  it('is nulls without an accuracy when the phone gives no position', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFix(null);
    expect(await positionOrNulls()).toEqual({ latitude: null, longitude: null });
  });
});
