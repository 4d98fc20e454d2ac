import type { AuditEntry, PlannedAction, Promoter, Staff } from '../api/admin-types.ts';

let sequence = 0;
const next = () => ++sequence;

export const buildStaff = (over: Partial<Staff> = {}): Staff => ({
  uuid: `staff-${next()}`,
  username: 'koordynator.waw@demo.pl',
  firstName: 'Ewa',
  lastName: 'Koordynator',
  roles: ['coordinator'],
  territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'],
  ...over,
});

export const buildPromoter = (over: Partial<Promoter> = {}): Promoter => {
  const n = next();
  return {
    uuid: `promoter-${n}`,
    username: `promotorka${n}@demo.pl`,
    firstName: 'Anna',
    lastName: `Nowak${n}`,
    phone: '600100200',
    territories: ['WAW-CENTRUM'],
    active: true,
    ...over,
  };
};

export const buildAuditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  uuid: `audit-${next()}`,
  at: '2026-11-27T08:00:00.000Z',
  actor: 'koordynator.waw@demo.pl',
  action: 'promoters.update',
  objectType: 'promoter',
  objectId: 'promoter-1',
  address: '127.0.0.1',
  ...over,
});

export const buildPlannedAction = (over: Partial<PlannedAction> = {}): PlannedAction => {
  const n = next();
  return {
    uuid: `action-${n}`,
    event: 'GLO-2026',
    name: `Akcja ${n}`,
    since: '2026-12-01 10:00:00',
    until: '2026-12-01 18:00:00',
    territory: 'WAW-CENTRUM',
    status: 'accepted',
    points: [{ name: 'Galeria Mokotów', city: 'Warszawa' }],
    promoters: [],
    ...over,
  };
};

/** The API's envelope around an answer (spec §7). */
export const ok = (data: unknown) => ({ status: { success: true }, data, meta: { ts: '2026-11-27T08:00:00.000Z' } });
export const failure = (error: string) => ({ status: { success: false }, data: { error }, meta: { ts: '2026-11-27T08:00:00.000Z' } });
