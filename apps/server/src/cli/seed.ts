// npm run seed [-- --reset]: seeds demo data into an empty database; --reset empties it first.
// npm run seed -- --actions-for EMAIL [--test-action]: gives that promoter a fresh working day of demo
// actions [and a started exp1707 test action].
// npm run seed -- --glo-device SERIAL [--glo-device SERIAL …]: unregistered Glo serials in the device registry.
import fs from 'node:fs';
import path from 'node:path';
import { normalizeUsername } from '@promotor/contract';
import { appClock, loadConfig } from '../config/env.ts';
import { openDatabase, type Db } from '../db/kysely.ts';
import { clearAllData } from '../db/clear-all-data.ts';
import { openMigratedDatabase } from '../db/database-roles.ts';
import { insertGloDevices } from '../seed/consumer-seed.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES, seedDemoData, seedFreshDay, seedTestAction } from '../seed/demo-seed.ts';
import { findPromoterId } from '../modules/auth/admin.service.ts';
import { openBlobStore } from '../plugins/blob-store.ts';

const config = loadConfig();
const now = appClock(config);
const database = await openMigratedDatabase({ url: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
// The store the server serves photos from: seeded receipts and survey photos go there.
const blobStore = openBlobStore(database, config, now);

async function run(db: Db): Promise<string> {
  const serials = process.argv.flatMap((arg, i) => (arg === '--glo-device' ? [process.argv[i + 1] ?? ''] : []));
  if (serials.length > 0) {
    if (serials.some((serial) => !/^[A-Za-z0-9-]{4,64}$/.test(serial))) throw new Error('Numer seryjny: 4–64 litery, cyfry lub -.');
    await insertGloDevices(db, serials, now());
    return `Dodano urządzenia glo: ${serials.map((serial) => serial.toUpperCase()).join(', ')}.`;
  }
  const forIndex = process.argv.indexOf('--actions-for');
  if (forIndex >= 0) {
    const username = normalizeUsername(process.argv[forIndex + 1] ?? '');
    const userId = await findPromoterId(db, username);
    // The test action first: refused while she runs another, before anything is added.
    const testAction = process.argv.includes('--test-action');
    if (testAction) await seedTestAction(db, userId, { timezone: config.timezone, blobStore, now: now() });
    await seedFreshDay(db, userId, { timezone: config.timezone, blobStore, now: now() });
    return testAction
      ? `Dodano akcje demonstracyjne i rozpoczętą akcję testową (exp1707) dla ${username}.`
      : `Dodano akcje demonstracyjne dla ${username}.`;
  }
  if (process.argv.includes('--reset')) {
    await asOwner(clearAllData);
    // Photo files of the emptied database (SQLite keeps them beside it).
    fs.rmSync(path.join(config.dataDir, 'blobs'), { recursive: true, force: true });
  }
  return (await seedDemoData(db, { timezone: config.timezone, blobStore, cataloguesFile: config.cataloguesFile, now: now() }))
    ? `Wgrano dane demonstracyjne. Konta: ${DEMO_USERNAMES.join(', ')}, hasło: ${DEMO_PASSWORD}`
    : 'Baza nie jest pusta; nic nie zmieniono. Użyj --reset, aby ją odtworzyć.';
}

/** The reset empties the append-only consent records: only their owner may (decision 077). */
async function asOwner(fn: (db: Db) => Promise<void>): Promise<void> {
  if (!config.migrationDatabaseUrl) return fn(database.db);
  const owner = openDatabase({ url: config.migrationDatabaseUrl });
  try {
    await fn(owner.db);
  } finally {
    await owner.destroy();
  }
}

try {
  console.log(await run(database.db));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
