// Validation rules without zod, so the web app can use them without loading a schema library.
export * from './rule.ts';
export * from './messages.ts';
export * from './auth.rules.ts';
export * from './start-action.rules.ts';
export * from './action-status.rules.ts';
export * from './action-state.rules.ts';
export * from './availability.rules.ts';
export * from './webform.rules.ts';
export * from './mgm.rules.ts';
export * from './planning.rules.ts';
export * from './plan-copy.rules.ts';
export * from './plan-csv.rules.ts';
export * from './visible-text.rules.ts';
export * from './end-action.rules.ts';
export * from './staff-accounts.rules.ts';
export * from './points.rules.ts';
export * from './catalogue.rules.ts';
