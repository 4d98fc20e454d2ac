import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './kysely.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-field-actions.ts';
import * as m003 from './migrations/003-one-started-action.ts';
import * as m004 from './migrations/004-rate-counters.ts';
import * as m005 from './migrations/005-hot-path-indexes.ts';
import * as m006 from './migrations/006-vouchers.ts';
import * as m007 from './migrations/007-reports.ts';
import * as m008 from './migrations/008-consumers.ts';
import * as m009 from './migrations/009-registrations.ts';
import * as m010 from './migrations/010-mgm.ts';
import * as m011 from './migrations/011-tap-times.ts';
import * as m012 from './migrations/012-consent-texts.ts';
import * as m013 from './migrations/013-mgm-consent-proof.ts';
import * as m014 from './migrations/014-codes-per-promoter-and-caps.ts';
import * as m015 from './migrations/015-back-office.ts';
import * as m016 from './migrations/016-report-reviews.ts';
import * as m017 from './migrations/017-promoter-phones.ts';
import * as m018 from './migrations/018-export-indexes.ts';
import * as m019 from './migrations/019-last-ping.ts';
import * as m020 from './migrations/020-consumer-privacy.ts';
import * as m021 from './migrations/021-erasable-recipient.ts';
import * as m022 from './migrations/022-retention-indexes.ts';
import * as m023 from './migrations/023-check-in-on-the-assignment.ts';
import * as m024 from './migrations/024-audit-order.ts';
import * as m026 from './migrations/026-action-natural-key.ts';
import * as m029 from './migrations/029-live-exception-checks.ts';
import * as m030 from './migrations/030-staff-passwords.ts';
import * as m032 from './migrations/032-point-register.ts';
import * as m033 from './migrations/033-blob-objects.ts';
import * as m034 from './migrations/034-shared-keys.ts';
import * as m035 from './migrations/035-notifications.ts';
import * as m036 from './migrations/036-integrity-flags.ts';
import * as m037 from './migrations/037-sms-claim.ts';
import * as m038 from './migrations/038-photo-library.ts';
import * as m039 from './migrations/039-photo-crop-hashes.ts';

type DialectMigration = { up: (db: Parameters<Migration['up']>[0], dialect: Dialect) => Promise<void> };

// Listed statically rather than read from disk, so they work the same under tsx, vitest and a bundle.
const migrations: Record<string, DialectMigration> = {
  '001-initial': m001,
  '002-field-actions': m002,
  '003-one-started-action': m003,
  '004-rate-counters': m004,
  '005-hot-path-indexes': m005,
  '006-vouchers': m006,
  '007-reports': m007,
  '008-consumers': m008,
  '009-registrations': m009,
  '010-mgm': m010,
  '011-tap-times': m011,
  '012-consent-texts': m012,
  '013-mgm-consent-proof': m013,
  '014-codes-per-promoter-and-caps': m014,
  '015-back-office': m015,
  '016-report-reviews': m016,
  '017-promoter-phones': m017,
  '018-export-indexes': m018,
  '019-last-ping': m019,
  '020-consumer-privacy': m020,
  '021-erasable-recipient': m021,
  '022-retention-indexes': m022,
  '023-check-in-on-the-assignment': m023,
  '024-audit-order': m024,
  '026-action-natural-key': m026,
  '029-live-exception-checks': m029,
  '030-staff-passwords': m030,
  '032-point-register': m032,
  '033-blob-objects': m033,
  '034-shared-keys': m034,
  '035-notifications': m035,
  '036-integrity-flags': m036,
  '037-sms-claim': m037,
  '038-photo-library': m038,
  '039-photo-crop-hashes': m039,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, this.dialect) }]));
  }
}

/**
 * Applies every pending migration; throws (stopping the start) if one fails. `schema` (PostgreSQL): the
 * schema the connection works in. Kysely looks for its own migration tables in every schema unless told
 * which, so another schema's tables (tests give each file one) would make it skip creating its own.
 */
export async function migrateToLatest(db: Db, dialect: Dialect, schema?: string): Promise<string[]> {
  return migrateUpTo(db, dialect, 'latest', schema);
}

/** Up to and including the migration `target` (a migration's test builds the database it meets). */
export async function migrateUpTo(db: Db, dialect: Dialect, target: string, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The migrations this code knows that the database has not recorded (decision 131: /readyz is not ready
 * while any is missing, e.g. a database restored from an older backup under a running server). A
 * database with more than the code knows is not behind: a newer instance of a rolling deployment
 * migrated it, and this one keeps serving until it is replaced. Reads Kysely's table in the schema of
 * the connection (the app's PostgreSQL role may read it, decision 131; nothing else of it).
 */
export async function missingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
