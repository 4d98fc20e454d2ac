import type { Db } from '../../db/kysely.ts';
import { linesUpTo } from '../../lib/line-count.ts';
import { timeSlices } from '../../lib/time-slices.ts';
import * as repo from './vouchers.repository.ts';

// npm run admin -- import-vouchers (decision 056): the brand's codes of one batch, from a CSV file.
// The back office's /api/admin/vouchers/import runs the same. Bounded whatever the file holds (issue
// 32, decision 106): its lines are counted first, blank ones too, and read in time slices.

/** More lines than a brand's batch needs, blank ones counted: a longer file is refused before it is read. */
export const VOUCHER_IMPORT_MAX_LINES = 100_000;

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
export async function parseCodes(file: Uint8Array | string): Promise<string[]> {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  if (linesUpTo(bytes, VOUCHER_IMPORT_MAX_LINES) > VOUCHER_IMPORT_MAX_LINES) {
    throw new ImportError(
      `Plik ma więcej niż ${VOUCHER_IMPORT_MAX_LINES} wierszy (puste też się liczą): podziel go na części; nic nie dodano.`,
    );
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const codes: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const pause = timeSlices();
  let first = true;
  for (const [index, line] of lines.entries()) {
    await pause();
    const cell = (line.split(/[,;\t]/, 1)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (cell === '') continue;
    const wasFirst = first;
    first = false;
    if (PLAUSIBLE_CODE.test(cell)) codes.push(cell);
    else if (!wasFirst) throw new ImportError(`Wiersz ${index + 1}: „${cell}” nie wygląda na kod; nic nie dodano.`);
  }
  return codes;
}

export type ImportResult = { added: number; skipped: number; batchCreated: boolean };

/**
 * Adds the codes to the event's batch (created when missing) as its pool. A code already in the file
 * or in the database, in any batch, is skipped and counted: codes are unique across batches.
 */
export async function importVoucherCodes(db: Db, o: { eventIdent: string; batchIdent: string; text: string }): Promise<ImportResult> {
  const codes = await parseCodes(o.text);
  const { batchId: _batch, ...result } = await db.transaction().execute((trx) => importParsedCodes(trx, { ...o, codes }));
  return result;
}

/**
 * The same in the caller's transaction, for codes parsed by parseCodes: the back office's import
 * (/api/admin/vouchers/import) writes its audit entry in it too. Imports at once (decision 106): the
 * batch is made by the first (its unique key; the others wait for it and find it), and each code is
 * written by whichever import comes first (the codes' unique key), so the counts add up as if they
 * had run one after another, and none answers 500.
 */
export async function importParsedCodes(
  trx: Db,
  o: { eventIdent: string; batchIdent: string; codes: string[] },
): Promise<ImportResult & { batchId: string }> {
  // In one order for every import: two inserting overlapping codes wait for each other, never in a circle.
  const unique = [...new Set(o.codes)].sort();
  const event = await repo.findEventByIdent(trx, o.eventIdent);
  if (!event) throw new ImportError(`Nie ma wydarzenia ${o.eventIdent}.`);
  const batch = await repo.ensureBatch(trx, event.id, o.batchIdent);
  const added = await repo.insertNewPoolCodes(trx, batch.id, unique);
  return { added, skipped: o.codes.length - added, batchCreated: batch.created, batchId: batch.id };
}

/** The admin command's line, in Polish like the other commands'. */
export function importSummary(o: { eventIdent: string; batchIdent: string }, r: ImportResult): string {
  const batch = `Partia „${o.batchIdent}” wydarzenia ${o.eventIdent}${r.batchCreated ? ' (nowa)' : ''}`;
  return `${batch}: dodano kodów: ${r.added}, pominięto duplikatów: ${r.skipped}.`;
}
