import { buildApp } from './app.ts';
import { appClock, ConfigError, loadConfig, type Config } from './config/env.ts';
import { openMigratedDatabase } from './db/database-roles.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES, seedDemoData } from './seed/demo-seed.ts';
import { openBlobStore } from './plugins/blob-store.ts';
import { DEMO_STAFF_USERNAMES } from './seed/back-office-seed.ts';
import { checkSharedKeys, SharedKeyMismatch } from './db/shared-keys.ts';
import { serverHashKey } from './plugins/idempotency.ts';
import { loadProofKey } from './modules/privacy/consent-proof.ts';
import { lockSqliteInstance, SqliteInstanceLockedError, type SqliteInstanceLock } from './db/sqlite-instance-lock.ts';
import { drainAndExit, readyGraceMs } from './plugins/shutdown.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function takeInstanceLock(databaseUrl: string): SqliteInstanceLock | null {
  try {
    return lockSqliteInstance(databaseUrl);
  } catch (error) {
    if (error instanceof SqliteInstanceLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const now = appClock(config);
  // SQLite serves one server instance (decision 131): a second one on the same file stops here, before
  // it migrates or seeds anything. Only the server takes this lock; the CLI commands run beside it.
  const instanceLock = takeInstanceLock(config.databaseUrl);
  // Decision 077: migrated as the owner when MIGRATION_DATABASE_URL is given; the app runs as DATABASE_URL's role.
  const database = await openMigratedDatabase({ url: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl });
  const blobStore = openBlobStore(database, config, now);
  // BLOB_STORE=s3 with a bucket that is missing or out of reach: one line, and no start (issue 35).
  await blobStore.bucket?.check().catch(async (error: unknown) => {
    console.error((error as Error).message);
    await database.destroy();
    process.exit(1);
  });
  // Every instance on one database must hash and sign with the same keys (issue 36, decision 133).
  await checkSharedKeys(database.db, now(), [
    { name: 'IDEMPOTENCY_HASH_KEY', secret: serverHashKey(config.idempotencyHashKey, config.dataDir) },
    { name: 'CONSENT_PROOF_KEY', secret: Buffer.from(loadProofKey(config.consentProofKey, config.dataDir).keyId, 'hex') },
  ]).catch(async (error: unknown) => {
    console.error(error instanceof SharedKeyMismatch ? error.message : `Promotor could not check its keys: ${(error as Error).message}`);
    await database.destroy();
    process.exit(1);
  });
  const seeded =
    config.seedDemoData &&
    (await seedDemoData(database.db, {
      timezone: config.timezone,
      blobStore,
      cataloguesFile: config.cataloguesFile,
      now: now(),
    }));

  const app = await buildApp({ config, database, now });
  // Decision 131: not ready at once, a grace for the load balancer, then requests in flight finish.
  const shutdown = (signal: string) =>
    drainAndExit(app, {
      signal,
      graceMs: readyGraceMs(config.shutdownTimeoutMs, config.nodeEnv),
      timeoutMs: config.shutdownTimeoutMs,
      closeRest: async () => {
        await database.destroy();
        instanceLock?.release();
      },
      exit: (code) => process.exit(code),
    });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  const lines = [`Promotor działa: http://${shownHost}:${port}`, `Baza danych: ${database.dialect}`];
  if (database.dialect === 'postgres' && !config.migrationDatabaseUrl) {
    // One role migrates and runs: it owns the consent records and could empty them or drop their triggers.
    app.log.warn('MIGRATION_DATABASE_URL is not set: the app runs as the owner of its tables (README, Deploying)');
  }
  if (seeded) lines.push('Wgrano dane demonstracyjne.');
  if (config.seedDemoData) lines.push(`Konta demo: ${DEMO_USERNAMES.join(', ')} — hasło: ${DEMO_PASSWORD}`);
  if (config.seedDemoData) lines.push(`Konta biura (/biuro): ${DEMO_STAFF_USERNAMES.join(', ')} — hasło: ${DEMO_PASSWORD}`);
  if (config.devOutbox)
    lines.push(
      `Skrzynka nadawcza (kody resetu hasła, linki do ustawienia hasła w biurze, kody weryfikacyjne konsumentów, SMS-y z zaproszeniami): http://${shownHost}:${port}/dev/outbox`,
    );
  if (config.devOutbox) lines.push(`Dokumentacja API: http://${shownHost}:${port}/dev/api (OpenAPI: /api/openapi.json)`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Promotor could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
