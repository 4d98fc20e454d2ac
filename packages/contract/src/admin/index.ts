export * from './permissions.ts';
export * from './common.ts';
export * from './staff-auth.ts';
export * from './promoters.ts';
export * from './audit.ts';
export * from './planning.ts';
export * from './voucher-batches.ts';
