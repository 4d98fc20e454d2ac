import { describe, expect, it } from 'vitest';
import type { User } from '../../db/schema.ts';
import { diffPromoters, type Known } from './promoters-diff.ts';
import type { FilePromoter } from './promoters-rows.ts';

// The promoters' file against what is there (decision 121), without a database.

const territories = new Map([
  ['WAW', { id: 't-waw' }],
  ['KRK', { id: 't-krk' }],
]);
const anna: User = {
  id: 'u-anna',
  ident: 'HST1001',
  username: 'anna@demo.pl',
  password_hash: 'x',
  firstname: 'Anna',
  lastname: 'Nowak',
  email_address: 'anna@demo.pl',
  mobile_phone: '+48600100200',
  created_at: '2026-01-01T00:00:00.000Z',
  deactivated_at: null,
};
const row = (o: Partial<FilePromoter> = {}): FilePromoter => ({
  row: 2,
  firstname: 'Anna',
  lastname: 'Nowak',
  username: 'anna@demo.pl',
  mobilePhone: '+48600100200',
  ident: null,
  territories: ['WAW'],
  password: null,
  ...o,
});
const knowing = (o: Partial<Known> = {}): Known => ({
  promoters: new Map([
    [
      'anna@demo.pl',
      {
        user: anna,
        territories: [
          { id: 't-krk', ident: 'KRK' },
          { id: 't-waw', ident: 'WAW' },
        ],
      },
    ],
  ]),
  takenUsernames: new Set(),
  idents: new Map(),
  ...o,
});
const all = new Set(['firstname', 'lastname', 'username', 'phone', 'territories'] as const);
const warsawOnly = (id: string) => id === 't-waw';
const everywhere = () => true;

describe('a promoters file against the promoters there are', () => {
  it('her row as she is changes nothing; her territories outside the coordinator’s stay', () => {
    const { steps, errors } = diffPromoters([row()], all, territories, knowing(), warsawOnly);
    expect(errors).toEqual([]);
    expect(steps).toEqual([{ change: 'unchanged', row: 2, existing: anna, territories: ['KRK', 'WAW'] }]);
  });

  it("the admin's row replaces all her territories", () => {
    const { steps } = diffPromoters([row()], all, territories, knowing(), everywhere);
    expect(steps[0]).toMatchObject({
      change: 'updated',
      territoryIds: ['t-waw'],
      changes: { territories: { from: ['KRK', 'WAW'], to: ['WAW'] } },
    });
  });

  it('a file without the phone column keeps her phone; an empty cell in it clears it', () => {
    const columns = new Set(['firstname', 'lastname', 'username', 'territories'] as const);
    expect(diffPromoters([row({ mobilePhone: null })], columns, territories, knowing(), warsawOnly).steps[0]!.change).toBe('unchanged');
    const cleared = diffPromoters([row({ mobilePhone: null })], all, territories, knowing(), warsawOnly).steps[0]!;
    expect(cleared).toMatchObject({ change: 'updated', changes: { mobile_phone: { from: '+48600100200', to: null } } });
  });

  it('a new login needs a password; a login twice, a taken one or a code of hers changed are errors by row', () => {
    const rows = [
      row({ username: 'ewa@demo.pl', row: 2 }),
      row({ username: 'ewa@demo.pl', row: 3, password: 'haslo-startowe-1' }),
      row({ username: 'staff@demo.pl', row: 4, password: 'haslo-startowe-1' }),
      row({ row: 5, ident: 'HST9999' }),
    ];
    const { steps, errors } = diffPromoters(rows, all, territories, knowing({ takenUsernames: new Set(['staff@demo.pl']) }), warsawOnly);
    expect(steps).toEqual([]);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'password'],
      [3, 'username'],
      [4, 'username'],
      [5, 'ident'],
    ]);
  });
});
