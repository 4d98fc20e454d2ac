import { describe, expect, it } from 'vitest';
import { hashDistance } from './photo-fingerprints.ts';
import { closestSimilar, reusedFlags, type ComparedPhoto } from './photo-signals.ts';

// The matching of decision 138's photo signals, on fingerprints alone.
let n = 0;
const photo = (o: Partial<ComparedPhoto> = {}): ComparedPhoto => ({
  id: `p${(n += 1)}`,
  ident: 'bereal_start',
  created_at: `2026-05-0${(n % 9) + 1}T10:00:00.000Z`,
  action_id: `a${n}`,
  user_id: 'u1',
  sha256: `sha${n}`,
  dhash: 'ffffffff00000000',
  spread: 40,
  action_name: 'Akcja',
  user_ident: 'H001',
  ...o,
});

describe('photo signals', () => {
  it('counts the bits two hashes differ in', () => {
    expect(hashDistance('ffffffff00000000', 'ffffffff00000000')).toBe(0);
    expect(hashDistance('ffffffff00000000', 'fffffffe00000001')).toBe(2);
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
  });

  it('picks the closest photo within 6 bits', () => {
    const mine = photo();
    const near = photo({ dhash: 'ffffffff00000003' });
    const nearer = photo({ dhash: 'ffffffff00000001' });
    const far = photo({ dhash: 'ffffffff0000007f' });
    expect(closestSimilar(mine, [near, far, nearer])).toEqual({ match: nearer, distance: 1 });
    expect(closestSimilar(mine, [far])).toBeNull();
  });

  it('never compares photos of one action, the same bytes or blank photos', () => {
    const mine = photo();
    expect(closestSimilar(mine, [photo({ action_id: mine.action_id })])).toBeNull();
    expect(closestSimilar(mine, [photo({ sha256: mine.sha256 })])).toBeNull();
    expect(closestSimilar(mine, [photo({ spread: 1 })])).toBeNull();
    expect(closestSimilar(photo({ spread: 1 }), [photo()])).toBeNull();
  });

  it('flags every copy after the first, each naming the first', () => {
    const [first, second, third] = [photo(), photo(), photo()];
    const flags = reusedFlags([first!, second!, third!], 'Europe/Warsaw', '2026-05-01T10:00:00.000Z');
    expect(flags.map((f) => [f.subject, f.evidence.matches?.uuid])).toEqual([
      [second!.id, first!.id],
      [third!.id, first!.id],
    ]);
  });
});
