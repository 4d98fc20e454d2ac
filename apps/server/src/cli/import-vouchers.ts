// npm run admin -- import-vouchers --event IDENT --batch NAZWA --file KODY.csv (decision 056).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { openMigratedDatabase } from '../db/database-roles.ts';
import { importSummary, importVoucherCodes } from '../modules/vouchers/voucher-import.ts';

type Options = { event?: string; batch?: string; file?: string };

/** Runs the import and prints its line; the process's exit code. */
export async function importVouchersCommand(values: Options, fail: (message: string) => never): Promise<number> {
  if (!values.event || !values.batch || !values.file) fail('Podaj --event, --batch i --file.');
  let text: string;
  try {
    // npm runs the script in apps/server; a relative path means where she typed the command.
    text = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.file), 'utf8');
  } catch {
    return fail(`Nie można odczytać pliku ${values.file}.`);
  }
  const config = loadConfig();
  const database = await openMigratedDatabase({ url: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl });
  try {
    const o = { eventIdent: values.event, batchIdent: values.batch };
    console.log(importSummary(o, await importVoucherCodes(database.db, { ...o, text })));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.destroy();
  }
}
