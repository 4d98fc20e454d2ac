import { describe, expect, it } from 'vitest';
import { overlapGroups, type Box } from './map-groups.ts';

const square = (x: number, y: number, size = 28): Box => ({ left: x, top: y, right: x + size, bottom: y + size });

describe('overlapGroups', () => {
  it('keeps markers apart when their boxes leave a gap, and groups those drawn over each other', () => {
    const groups = overlapGroups([
      { item: 'kiosk', box: square(0, 0) },
      { item: 'anna', box: square(10, 10) },
      { item: 'lidl', box: square(100, 0) },
    ]);
    expect(groups).toEqual([['kiosk', 'anna'], ['lidl']]);
  });

  it('joins two groups that a third marker overlaps both of', () => {
    const groups = overlapGroups([
      { item: 'a', box: square(0, 0) },
      { item: 'b', box: square(50, 0) },
      { item: 'c', box: square(25, 0) },
    ]);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });
});
