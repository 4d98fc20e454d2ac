import { describe, expect, it } from 'vitest';
import { pageAfterLogin, startPageOf } from './use-can.ts';

describe('where a staff member goes after login', () => {
  it('to the first page her roles may open', () => {
    expect(startPageOf(['coordinator'])).toBe('/promotorzy');
    expect(startPageOf(['client'])).toBe('/plan');
    expect(startPageOf(['privacy'])).toBe('/konsumenci');
  });

  it('back to the view she was sent away from when she may open it, never to one she may not', () => {
    expect(pageAfterLogin(['coordinator'], '/plan?dzien=2026-12-01')).toBe('/plan?dzien=2026-12-01');
    expect(pageAfterLogin(['coordinator'], '/dziennik')).toBe('/promotorzy');
    expect(pageAfterLogin(['client'], '/promotorzy')).toBe('/plan');
    expect(pageAfterLogin(['admin'], '/gdzies')).toBe('/promotorzy');
    expect(pageAfterLogin(['client'], '/raporty?stan=approved')).toBe('/raporty?stan=approved');
    expect(pageAfterLogin(['privacy'], '/eksporty')).toBe('/konsumenci');
    expect(pageAfterLogin(['privacy'], '/dziennik')).toBe('/dziennik');
    expect(pageAfterLogin(['admin'], '/wnioski')).toBe('/promotorzy');
  });
});
