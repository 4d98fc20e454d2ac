import type { AuditEntry, PlannedAction, Promoter, Staff } from '../api/admin-types.ts';

let sequence = 0;
const next = () => ++sequence;

export const buildStaff = (over: Partial<Staff> = {}): Staff => ({
  uuid: `staff-${next()}`,
  username: 'koordynator.waw@demo.pl',
  firstname: 'Ewa',
  lastname: 'Koordynator',
  roles: ['coordinator'],
  territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'],
  ...over,
});

export const buildPromoter = (over: Partial<Promoter> = {}): Promoter => {
  const n = next();
  return {
    uuid: `promoter-${n}`,
    username: `promotorka${n}@demo.pl`,
    firstname: 'Anna',
    lastname: `Nowak${n}`,
    ident: `HST${1000 + n}`,
    mobilePhone: '+48600100200',
    territories: ['WAW-CENTRUM'],
    active: true,
    ...over,
  };
};

export const buildAuditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  uuid: `audit-${next()}`,
  at: '2026-11-27T08:00:00.000Z',
  actor: { type: 'staff', uuid: 'staff-1', name: 'koordynator.waw@demo.pl', roles: ['coordinator'] },
  verb: 'promoters.update',
  object: { type: 'promoter', uuid: 'promoter-1' },
  address: '127.0.0.1',
  details: null,
  ...over,
});

export const buildPlannedAction = (over: Partial<PlannedAction> = {}): PlannedAction => {
  const n = next();
  return {
    uuid: `action-${n}`,
    ident: `ACT${n}`,
    event: { uuid: 'event-1', ident: 'GLO-2026', name: 'GLO-2026' },
    name: `Akcja ${n}`,
    since: '2026-12-01 10:00:00',
    until: '2026-12-01 18:00:00',
    territory: { uuid: 'territory-1', ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
    status: 'accepted',
    points: [
      {
        uuid: `point-${n}`,
        name: 'Galeria Mokotów',
        streetAddress: 'Wołoska 12',
        postalCode: '02-675',
        cityName: 'Warszawa',
        petraId: null,
        latitude: null,
        longitude: null,
      },
    ],
    promoters: [],
    ...over,
  };
};

/** One page of the promoters list with all of them. */
export const promotersPage = (promoters: Promoter[]) => ({ page: 1, pageSize: 200, total: promoters.length, promoters });

/** The API's envelope around an answer (spec §7). */
export const ok = (data: unknown) => ({ status: { success: true }, data, meta: { ts: '2026-11-27T08:00:00.000Z' } });
export const failure = (error: string) => ({ status: { success: false }, data: { error }, meta: { ts: '2026-11-27T08:00:00.000Z' } });
