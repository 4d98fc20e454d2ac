import type { PointsImportAnswer } from '../api/admin-types.ts';
import { sendCsvImport, type CsvImportOutcome } from '../lib/csv-import.ts';

// /api/admin/points/import (issue 34, decision 124): the register's CSV, sent as every back-office import.

export type PointsImportOutcome = CsvImportOutcome<PointsImportAnswer>;

export const importPoints = (file: File, dryRun: boolean, idempotencyKey: string): Promise<PointsImportOutcome> =>
  sendCsvImport<PointsImportAnswer>('/admin/points/import', file, dryRun, idempotencyKey);
