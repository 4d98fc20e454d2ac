import { describe, expect, it } from 'vitest';
import { promoterLabel, promoterName } from './reports-view.ts';

describe('a report names its promoter', () => {
  it('by name and hostess code for staff who may read promoters', () => {
    const report = { promoter: { uuid: 'u1', ident: 'HST1001', firstname: 'Anna', lastname: 'Nowak' } };
    expect(promoterLabel(report)).toBe('Anna Nowak (HST1001)');
    expect(promoterName(report)).toBe('Anna Nowak');
  });

  it('by the hostess code alone for the brand, who is given no names', () => {
    const report = { promoter: { uuid: 'u1', ident: 'HST1001', firstname: '', lastname: '' } };
    expect(promoterLabel(report)).toBe('HST1001');
    expect(promoterName(report)).toBe('HST1001');
  });
});
