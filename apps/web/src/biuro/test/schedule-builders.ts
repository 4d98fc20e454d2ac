import type { PromoterSchedule } from '../api/admin-types.ts';

// The promoters' schedules beside an action (issue 34, decision 126), as /admin/actions/schedules answers them.

let sequence = 0;

export const buildPromoterSchedule = (over: Partial<PromoterSchedule> = {}): PromoterSchedule => {
  const n = ++sequence;
  return {
    promoter: { uuid: `promoter-s${n}`, ident: `HST${2000 + n}`, firstname: 'Anna', lastname: `Nowak${n}` },
    assigned: false,
    availability: [],
    actions: [],
    conflicts: [],
    ...over,
  };
};

/** The schedules of one day. */
export const schedulesOn = (day: string, promoters: PromoterSchedule[]) => ({
  days: { since: `${day} 00:00:00`, until: `${day} 23:59:59` },
  promoters,
});
