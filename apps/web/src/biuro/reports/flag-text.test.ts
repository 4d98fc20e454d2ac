import { describe, expect, it } from 'vitest';
import { flagSentence } from './flag-text.ts';

// Decision 138: a flag in words, its numbers from the evidence; a number it lacks leaves the kind's words.
describe('a plausibility flag in words', () => {
  it('a replayed track names the action and day it repeats, and how many coordinates', () => {
    const evidence = {
      frozen: 'replayed' as const,
      count: 12,
      replayOf: { action: { uuid: 'a1', name: 'Akcja Mokotów' }, day: '2026-11-03' },
    };
    expect(flagSentence({ kind: 'frozen_fixes', evidence })).toBe(
      'Trasa odtworzona z akcji „Akcja Mokotów” z 3.11: te same współrzędne (co do 0,1 m) w 12 miejscach',
    );
    expect(flagSentence({ kind: 'frozen_fixes', evidence: { frozen: 'replayed', count: 9 } })).toBe(
      'Trasa odtworzona: te same współrzędne (co do 0,1 m) w 9 miejscach',
    );
  });

  it('identical, zero-accuracy and same-accuracy fixes keep their own words', () => {
    expect(flagSentence({ kind: 'frozen_fixes', evidence: { frozen: 'identical', count: 5 } })).toBe('5 identycznych pozycji z rzędu');
    expect(flagSentence({ kind: 'frozen_fixes', evidence: { frozen: 'zero_accuracy' } })).toBe('Dokładność pozycji równa dokładnie 0 m');
  });
});
