export * from './envelope.ts';
export * from './error-codes.ts';
export * from './constants.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './actions.ts';
export * from './zod-rules.ts';
export * from './rules/index.ts';
