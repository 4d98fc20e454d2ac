export * from './envelope.ts';
export * from './error-codes.ts';
export * from './constants.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './actions.ts';
export * from './vouchers.ts';
export * from './availability.ts';
export * from './catalogues.ts';
export * from './reports.ts';
export * from './leads.ts';
export * from './mgm.ts';
export * from './notifications.ts';
export * from './admin/index.ts';
export {
  leadItemsFor,
  vuseDeviceName,
  UnknownCatalogueEntry,
  type ItemCatalogues,
  type LeadItems,
  type LeadItemsContext,
} from './lead-items.ts';
export * from './zod-rules.ts';
export * from './zod-messages.ts';
export * from './rules/index.ts';
export * from './wall-clock.ts';
export * from './api/route-paths.ts';
export * from './api/routes.ts';
export * from './admin/consent-names.ts';
