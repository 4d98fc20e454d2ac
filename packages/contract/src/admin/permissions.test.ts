import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERSONAL_DATA_PERMISSIONS, permissionReach, rolesWith, STAFF_ROLES } from './permissions.ts';

describe('the back office roles (decision 085)', () => {
  it.each(PERSONAL_DATA_PERMISSIONS)('%s: only privacy holds it — even admin is refused (separation of duties)', (permission) => {
    expect(rolesWith(permission)).toEqual(['privacy']);
    expect(permissionReach(['admin'], permission)).toBeNull();
    expect(permissionReach(['admin', 'coordinator', 'client'], permission)).toBeNull();
  });

  it('admin holds every other permission, everywhere', () => {
    const personal = new Set<string>(PERSONAL_DATA_PERMISSIONS);
    for (const p of PERMISSIONS.filter((p) => !personal.has(p))) expect(permissionReach(['admin'], p)).toBe('everywhere');
  });

  it('a coordinator manages promoters and plans actions in her territories only, and never staff accounts', () => {
    expect(permissionReach(['coordinator'], 'promoters.manage')).toBe('own-territories');
    expect(permissionReach(['coordinator'], 'actions.plan')).toBe('own-territories');
    expect(permissionReach(['coordinator'], 'staff.manage')).toBeNull();
    // A territorial role beside an unlimited one that grants the same: the unlimited one wins.
    expect(permissionReach(['coordinator', 'client'], 'actions.read')).toBe('everywhere');
    expect(permissionReach(['coordinator', 'client'], 'actions.plan')).toBe('own-territories');
  });

  it('the client only reads', () => {
    for (const p of ['promoters.manage', 'actions.plan', 'vouchers.manage', 'reports.review', 'staff.manage', 'promoters.read'] as const) {
      expect(permissionReach(['client'], p)).toBeNull();
    }
    expect(permissionReach(['client'], 'reports.read')).toBe('everywhere');
  });

  it('every role may use its own session; no one holds an unknown role', () => {
    expect(rolesWith('session.own')).toEqual([...STAFF_ROLES]);
    expect(permissionReach([], 'session.own')).toBeNull();
  });
});
