import { describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { StaffMember } from '../api/admin-types.ts';
import { objectLink } from '../audit/audit-view.ts';
import { staffListBody, staffName, staffStatus, territoriesText } from './staff-view.ts';

const member = (over: Partial<StaffMember> = {}): StaffMember => ({
  uuid: 'm-1',
  username: 'ewa@demo.pl',
  firstname: 'Ewa',
  lastname: 'Nowak',
  roles: ['coordinator'],
  territories: ['KRK-STARE-MIASTO', 'WAW-CENTRUM'],
  active: true,
  passwordSet: true,
  linkExpiresAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...over,
});

describe("an account as 'Personel' shows it", () => {
  it('its status: deactivated first, then whether her password is set or her link still open', () => {
    expect(staffStatus(member())).toBe('active');
    expect(staffStatus(member({ passwordSet: false, linkExpiresAt: '2026-12-01T08:00:00.000Z' }))).toBe('waiting');
    expect(staffStatus(member({ passwordSet: false }))).toBe('linkExpired');
    expect(staffStatus(member({ active: false, passwordSet: false }))).toBe('inactive');
  });

  it("its territories: a coordinator's list, 'wszystkie' for a role of every territory", () => {
    expect(territoriesText(member())).toBe('KRK-STARE-MIASTO, WAW-CENTRUM');
    expect(territoriesText(member({ roles: ['coordinator', 'admin'] }))).toBe(pl.biuroStaff.allTerritories);
    expect(territoriesText(member({ roles: ['client'], territories: [] }))).toBe(pl.biuroStaff.allTerritories);
  });

  it('its name, or its login when it has none (an account from the CLI)', () => {
    expect(staffName(member())).toBe('Ewa Nowak');
    expect(staffName(member({ firstname: '', lastname: '' }))).toBe('ewa@demo.pl');
  });

  it('the filters of the address as the list call', () => {
    expect(staffListBody({ szukaj: ' ewa ', rola: 'privacy', status: 'nieaktywne' })).toEqual({
      page: 1,
      pageSize: 200,
      search: 'ewa',
      role: 'privacy',
      active: false,
    });
    expect(staffListBody({ szukaj: '', rola: 'nie-ma-takiej', status: '' })).toEqual({ page: 1, pageSize: 200 });
  });

  it('an audit entry about a staff account links to it on the page', () => {
    expect(objectLink({ type: 'staff', uuid: 'm-1', name: 'Ewa Nowak', day: null })).toBe('/personel?szukaj=Ewa%20Nowak');
    expect(objectLink({ type: 'staff', uuid: 'm-1', name: null, day: null })).toBeNull();
  });
});
