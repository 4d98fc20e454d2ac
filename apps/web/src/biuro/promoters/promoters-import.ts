import type { PromotersImportAnswer } from '../api/admin-types.ts';
import { sendCsvImport, type CsvImportOutcome } from '../lib/csv-import.ts';

// /api/admin/promoters/import (issue 34, decision 121): the promoters' CSV, sent as every back-office import.

export type PromotersImportOutcome = CsvImportOutcome<PromotersImportAnswer>;

export const importPromoters = (file: File, dryRun: boolean, idempotencyKey: string): Promise<PromotersImportOutcome> =>
  sendCsvImport<PromotersImportAnswer>('/admin/promoters/import', file, dryRun, idempotencyKey);
