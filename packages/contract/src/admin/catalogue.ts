import { z } from 'zod';
import { eventCodeRules, eventNameRules, territoryCodeRules, territoryNameRules } from '../rules/catalogue.rules.ts';
import { ruledString } from '../zod-rules.ts';
import { PageBody, PageInfo, UuidRef } from './common.ts';

// Events (the brand campaigns that own voucher batches) and territories: /api/admin/events/* and
// /api/admin/territories/* (issue 34, decision 123). Made and renamed here by the admin; a plan, a
// voucher batch, a promoter or a staff account only names one that exists.

const ListBody = PageBody.extend({
  /** A part of the ident or the name (any case). */
  search: z.string().trim().max(100).optional(),
});

export const AdminEvent = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  /** How many actions and voucher batches name it. */
  actions: z.number().int(),
  voucherBatches: z.number().int(),
});
export type AdminEvent = z.infer<typeof AdminEvent>;

export const AdminEventsListBody = ListBody;
export type AdminEventsListBody = z.input<typeof AdminEventsListBody>;
export const AdminEventsListResponse = PageInfo.extend({ events: z.array(AdminEvent) });
export type AdminEventsListResponse = z.infer<typeof AdminEventsListResponse>;

const EventFields = z.object({ ident: ruledString(eventCodeRules), name: ruledString(eventNameRules).transform((v) => v.trim()) });

export const AdminEventCreateBody = z.object({ event: EventFields });
export type AdminEventCreateBody = z.input<typeof AdminEventCreateBody>;
/** Its ident may change too: a typo fixed; what names it (actions, batches) names it by its id. */
export const AdminEventUpdateBody = z.object({ event: EventFields.extend({ uuid: UuidRef.shape.uuid }) });
export type AdminEventUpdateBody = z.input<typeof AdminEventUpdateBody>;
export const AdminEventResponse = z.object({ event: AdminEvent });
export type AdminEventResponse = z.infer<typeof AdminEventResponse>;

export const AdminTerritory = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  /** How many promoters work in it, staff accounts hold it and actions are planned in it. */
  promoters: z.number().int(),
  staff: z.number().int(),
  actions: z.number().int(),
});
export type AdminTerritory = z.infer<typeof AdminTerritory>;

export const AdminTerritoriesListBody = ListBody;
export type AdminTerritoriesListBody = z.input<typeof AdminTerritoriesListBody>;
export const AdminTerritoriesListResponse = PageInfo.extend({ territories: z.array(AdminTerritory) });
export type AdminTerritoriesListResponse = z.infer<typeof AdminTerritoriesListResponse>;

const TerritoryFields = z.object({
  ident: ruledString(territoryCodeRules),
  name: ruledString(territoryNameRules).transform((v) => v.trim()),
});

export const AdminTerritoryCreateBody = z.object({ territory: TerritoryFields });
export type AdminTerritoryCreateBody = z.input<typeof AdminTerritoryCreateBody>;
export const AdminTerritoryUpdateBody = z.object({ territory: TerritoryFields.extend({ uuid: UuidRef.shape.uuid }) });
export type AdminTerritoryUpdateBody = z.input<typeof AdminTerritoryUpdateBody>;
export const AdminTerritoryResponse = z.object({ territory: AdminTerritory });
export type AdminTerritoryResponse = z.infer<typeof AdminTerritoryResponse>;
