import { describe, expect, it } from 'vitest';
import { hashDistance } from './photo-fingerprints.ts';
import { closestSimilar, lookDistance, reusedFlags, type ComparedPhoto } from './photo-signals.ts';

// The matching of decision 138's photo signals, on fingerprints alone.
let n = 0;
const photo = (o: Partial<ComparedPhoto> = {}): ComparedPhoto => ({
  id: `p${(n += 1)}`,
  ident: 'bereal_start',
  created_at: new Date(Date.UTC(2026, 4, 1, 10, n)).toISOString(), // each photo a minute after the one before
  action_id: `a${n}`,
  user_id: 'u1',
  sha256: `sha${n}`,
  dhash: 'ffffffff00000000',
  dhash_crops: null,
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
    const near = photo({ dhash: 'ffffffff00000003' });
    const nearer = photo({ dhash: 'ffffffff00000001' });
    const far = photo({ dhash: 'ffffffff0000007f' });
    const mine = photo();
    expect(closestSimilar(mine, [near, far, nearer])).toEqual({ match: nearer, distance: 1 });
    expect(closestSimilar(mine, [far])).toBeNull();
  });

  it('never matches a later photo (the backfill fingerprints old photos when later ones exist)', () => {
    const mine = photo();
    const later = photo();
    expect(closestSimilar(later, [mine])).toEqual({ match: mine, distance: 0 });
    expect(closestSimilar(mine, [later])).toBeNull();
  });

  it("matches a photo against the other's centre zoomed in, both ways, and photos fingerprinted before by their whole picture", () => {
    const earlier = photo({ dhash: '0123456789abcdef', dhash_crops: 'ffffffff00000000 00000000ffffffff' });
    const reshot = photo({ dhash: '00000000fffffff0', dhash_crops: null });
    expect(lookDistance(reshot, earlier)).toBe(4);
    expect(lookDistance(earlier, reshot)).toBe(4);
    expect(closestSimilar(reshot, [earlier])).toEqual({ match: earlier, distance: 4 });
    const older = photo({ dhash: '00000000fffffff0', dhash_crops: null });
    expect(lookDistance(reshot, older)).toBe(0);
    expect(lookDistance(photo({ dhash: null }), earlier)).toBe(Infinity);
  });

  it('never compares photos of one action, the same bytes or blank photos', () => {
    const sameAction = photo({ action_id: 'a-mine' });
    const sameBytes = photo({ sha256: 'sha-mine' });
    const blank = photo({ spread: 1 });
    const mine = photo({ action_id: 'a-mine', sha256: 'sha-mine' });
    expect(closestSimilar(mine, [photo({ created_at: '2026-01-01T00:00:00.000Z' })])).not.toBeNull();
    expect(closestSimilar(mine, [sameAction])).toBeNull();
    expect(closestSimilar(mine, [sameBytes])).toBeNull();
    expect(closestSimilar(mine, [blank])).toBeNull();
    expect(closestSimilar(photo({ spread: 1 }), [photo({ created_at: '2026-01-01T00:00:00.000Z' })])).toBeNull();
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
