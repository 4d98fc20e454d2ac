// npm run seed [-- --reset]: seeds demo data into an empty database; --reset empties it first.
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES, clearAllData, seedDemoData } from '../db/seed/demo-seed.ts';

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database.db, database.dialect);
  if (process.argv.includes('--reset')) await clearAllData(database.db);
  const seeded = await seedDemoData(database.db, { timezone: config.timezone });
  console.log(
    seeded
      ? `Wgrano dane demonstracyjne. Konta: ${DEMO_USERNAMES.join(', ')}, hasło: ${DEMO_PASSWORD}`
      : 'Baza nie jest pusta; nic nie zmieniono. Użyj --reset, aby ją odtworzyć.',
  );
} finally {
  await database.destroy();
}
