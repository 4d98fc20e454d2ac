import type { Db } from '../../db/kysely.ts';
import * as repo from './vouchers.repository.ts';

// npm run admin -- import-vouchers (decision 056): the brand's codes of one batch, from a CSV file.

/**
 * What a code looks like: 4–64 letters, digits, '-' or '_', at least one digit. A first line that is
 * not one (a column name: 'kod', 'code', 'voucher_code') is a header; anywhere else it is an error.
 */
const PLAUSIBLE_CODE = /^(?=.*\d)[A-Za-z0-9_-]{4,64}$/;

export class ImportError extends Error {}

/**
 * The codes of the file in order: one a line, the first column of a CSV line (a brand's export may
 * carry more), quotes and spaces around it removed, empty lines skipped.
 */
export function parseCodes(text: string): string[] {
  const codes: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let first = true;
  lines.forEach((line, index) => {
    const cell = (line.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (cell === '') return;
    const wasFirst = first;
    first = false;
    if (PLAUSIBLE_CODE.test(cell)) codes.push(cell);
    else if (!wasFirst) throw new ImportError(`Wiersz ${index + 1}: „${cell}” nie wygląda na kod; nic nie dodano.`);
  });
  return codes;
}

export type ImportResult = { added: number; skipped: number; batchCreated: boolean };

/**
 * Adds the codes to the event's batch (created when missing) as its pool. A code already in the file
 * or in the database, in any batch, is skipped and counted: codes are unique across batches.
 */
export async function importVoucherCodes(db: Db, o: { eventIdent: string; batchIdent: string; text: string }): Promise<ImportResult> {
  const codes = parseCodes(o.text);
  const { batchId: _batch, ...result } = await db.transaction().execute((trx) => importParsedCodes(trx, { ...o, codes }));
  return result;
}

/**
 * The same in the caller's transaction, for codes parsed by parseCodes: the back office's import
 * (/api/admin/vouchers/import) writes its audit entry in it too.
 */
export async function importParsedCodes(
  trx: Db,
  o: { eventIdent: string; batchIdent: string; codes: string[] },
): Promise<ImportResult & { batchId: string }> {
  const unique = [...new Set(o.codes)];
  const event = await repo.findEventByIdent(trx, o.eventIdent);
  if (!event) throw new ImportError(`Nie ma wydarzenia ${o.eventIdent}.`);
  const batch = await repo.ensureBatch(trx, event.id, o.batchIdent);
  const existing = await repo.existingIdents(trx, unique);
  const fresh = unique.filter((c) => !existing.has(c));
  await repo.insertPoolCodes(trx, batch.id, fresh);
  return { added: fresh.length, skipped: o.codes.length - fresh.length, batchCreated: batch.created, batchId: batch.id };
}

/** The admin command's line, in Polish like the other commands'. */
export function importSummary(o: { eventIdent: string; batchIdent: string }, r: ImportResult): string {
  const batch = `Partia „${o.batchIdent}” wydarzenia ${o.eventIdent}${r.batchCreated ? ' (nowa)' : ''}`;
  return `${batch}: dodano kodów: ${r.added}, pominięto duplikatów: ${r.skipped}.`;
}
