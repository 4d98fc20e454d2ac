import { z } from 'zod';

// The back office's voucher batches (issue 24): /api/admin/vouchers/batches and /import.

export const AdminVoucherBatchesBody = z.object({
  /** One event by its ident; none: every event with a batch. */
  event: z.object({ ident: z.string().min(1).max(64) }).optional(),
});
export type AdminVoucherBatchesBody = z.input<typeof AdminVoucherBatchesBody>;

export const AdminVoucherPromoterCount = z.object({
  uuid: z.string(),
  /** Her hostess code. */
  ident: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Codes handed to her, and of those the ones she gave to consumers. */
  assigned: z.number().int(),
  redeemed: z.number().int(),
});

export const AdminVoucherBatch = z.object({
  uuid: z.string(),
  ident: z.string(),
  /** The batch's codes, and those still in its pool: the brand's figures, the same for every caller. */
  total: z.number().int(),
  inPool: z.number().int(),
  /** Sums over `promoters`: a coordinator sees her territories' promoters only. */
  assigned: z.number().int(),
  redeemed: z.number().int(),
  /**
   * Codes handed to promoters outside the caller's territories (0 for who sees every territory), so that
   * total = inPool + assigned + assignedToOthers under one scope (decision 112).
   */
  assignedToOthers: z.number().int(),
  promoters: z.array(AdminVoucherPromoterCount),
});
export type AdminVoucherBatch = z.infer<typeof AdminVoucherBatch>;

export const AdminVoucherBatchesResponse = z.object({
  events: z.array(z.object({ uuid: z.string(), ident: z.string(), name: z.string(), batches: z.array(AdminVoucherBatch) })),
});
export type AdminVoucherBatchesResponse = z.infer<typeof AdminVoucherBatchesResponse>;

/** Multipart: the codes' CSV in `file` (the rules of `npm run admin -- import-vouchers`, decision 056). */
export const AdminVoucherImportFields = z.object({
  event: z.string().min(1).max(64),
  batch: z.string().min(1).max(200),
});
export type AdminVoucherImportFields = z.input<typeof AdminVoucherImportFields>;

export const AdminVoucherImportResponse = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  batchCreated: z.boolean(),
});
export type AdminVoucherImportResponse = z.infer<typeof AdminVoucherImportResponse>;
