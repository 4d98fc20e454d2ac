import { appClock, loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/kysely.ts';
import { openBlobStore } from '../plugins/blob-store.ts';

// A server instance's drain alone, in a process of its own, so a test can kill it with SIGKILL in the
// middle (plugins/blob-store.test.ts). The database and bucket are the environment's, as for the server
// (DB_SCHEMA: the test file's PostgreSQL schema). One file per round, a line per file moved, and a
// pause between rounds so that the kill lands while files remain.
const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, schema: process.env.DB_SCHEMA || undefined });
// CLOCK_OFFSET_MS: the test's clock, which earlier tests of the file moved on.
const store = openBlobStore(database, config, appClock(config));
for (;;) {
  const round = await store.drainOnce(`child-${process.pid}`, 1);
  if (round.uploaded) process.stdout.write(`uploaded ${round.uploaded}\n`);
  if (!round.uploaded && !round.failed) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
await database.destroy();
