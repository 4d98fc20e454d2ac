import { describe, expect, it } from 'vitest';
import { phoneNumberForReading } from './phone-number.ts';

describe('phoneNumberForReading', () => {
  it('groups a Polish number in threes after +48, so a large text wraps between groups', () => {
    expect(phoneNumberForReading('+48600123456')).toBe('+48 600 123 456');
  });

  it('leaves any other number as it is stored', () => {
    for (const stored of ['+420601123456', '+4860012345', '600123456', '']) expect(phoneNumberForReading(stored)).toBe(stored);
  });
});
