import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../api/admin-api.ts';
import { exportQuery } from '../exports/exports-view.ts';
import { reportsListBody } from './reports-view.ts';

const empty = { od: '', do: '', terytorium: '', stan: '', wydarzenie: '', promotor: '', wyjasnienie: '' };

describe('the reports and exports filters', () => {
  it('without a period in the address, the current month in the app’s days', () => {
    expect(reportsListBody(empty, { pageIndex: 0, pageSize: 50 }, '2026-02-14')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      page: 1,
      pageSize: 50,
    });
    expect(exportQuery({ ...empty, status: '' }, '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('a state or status the contract does not know is left out; a territory is read in capitals', () => {
    const body = reportsListBody({ ...empty, stan: 'rejected', terytorium: 'waw-centrum' }, { pageIndex: 2, pageSize: 25 }, '2026-12-05');
    expect(body).toEqual({ from: '2026-12-01', to: '2026-12-31', page: 3, pageSize: 25, territory: 'WAW-CENTRUM' });
    expect(exportQuery({ ...empty, status: 'accepted' }, '2026-12-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(exportQuery({ ...empty, status: 'approved' }, '2026-12-05')).toMatchObject({ status: 'approved' });
  });

  it("reads the file name of the server's Content-Disposition", () => {
    expect(fileNameOf(`attachment; filename="akcje.csv"; filename*=UTF-8''akcje-%C5%BC.csv`)).toBe('akcje-ż.csv');
    expect(fileNameOf('attachment; filename="akcje 2026-12.csv"')).toBe('akcje 2026-12.csv');
    expect(fileNameOf('attachment; filename=akcje.csv')).toBe('akcje.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});
