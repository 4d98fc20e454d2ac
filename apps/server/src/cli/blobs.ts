// npm run blobs -- <command>: moves, checks and tidies the stored files (issue 35, decision 130).
import { parseArgs } from 'node:util';
import { appClock, loadConfig, type Config } from '../config/env.ts';
import { openMigratedDatabase } from '../db/database-roles.ts';
import { S3Bucket, type S3Settings } from '../plugins/s3-bucket.ts';
import { blobPlaces, type BlobTarget } from '../modules/blob-admin/blob-places.ts';
import { migrateBlobs, type MigrationProgress } from '../modules/blob-admin/blob-migration.service.ts';
import { findOrphans, verifyBlobs } from '../modules/blob-admin/blob-audit.service.ts';
import { backfillFingerprints } from '../modules/integrity/integrity-photos.service.ts';
import { openBlobStore } from '../plugins/blob-store.ts';

const USAGE = `Użycie:
  npm run blobs -- migrate --to s3          pliki z DATA_DIR/blobs i tabeli blobs do kubełka (BLOB_STORE=s3 i S3_*)
  npm run blobs -- migrate --to database    pliki z kubełka (S3_*) i z DATA_DIR/blobs do tabeli blobs
  npm run blobs -- migrate --to file        pliki z kubełka (S3_*) i z tabeli blobs do DATA_DIR/blobs
  npm run blobs -- verify                   czy każdy plik jest tam, gdzie wskazuje rejestr, z tym samym SHA-256
  npm run blobs -- orphans [--delete]       pliki, których nie wskazuje żaden wiersz; --delete je usuwa
  npm run blobs -- fingerprints             odciski zdjęć sprzed migracji 036 i 039 (SHA-256, pHash, jasność) i ich sygnały
Przeniesienie można przerwać (także kill -9) i uruchomić ponownie: dokończy resztę.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ allowPositionals: true, options: { to: { type: 'string' }, delete: { type: 'boolean' } } });
}
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}.`);
}
const { positionals, values } = parsed;
const command = positionals[0];
if (command !== 'migrate' && command !== 'verify' && command !== 'orphans' && command !== 'fingerprints')
  fail(command ? `Nieznane polecenie: ${command}.` : 'Podaj polecenie.');
if (positionals.length > 1) fail(`Nadmiarowy argument: ${positionals[1]}.`);
if (command === 'migrate' && !['s3', 'database', 'file'].includes(values.to ?? '')) fail('Podaj --to s3, --to database albo --to file.');
if (command !== 'migrate' && values.to) fail('--to tylko przy migrate.');
if (command !== 'orphans' && values.delete) fail('--delete tylko przy orphans.');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const target = values.to as BlobTarget | undefined;
if (target === 's3' && config.blobs.mode !== 's3')
  fail(`Migracja do kubełka wymaga BLOB_STORE=s3 i ustawień S3_* (teraz BLOB_STORE=${config.blobs.mode}).`);
const s3 = bucketSettings(config);
const now = appClock(config);
const database = await openMigratedDatabase({ url: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
const bucket = s3 ? new S3Bucket(s3) : null;
const places = blobPlaces(database, config.dataDir, bucket, now);

try {
  if (command === 'migrate') process.exitCode = await migrate(target!);
  else if (command === 'verify') process.exitCode = await verify();
  else if (command === 'fingerprints') process.exitCode = await fingerprints();
  else process.exitCode = await orphans(values.delete === true);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  bucket?.destroy();
  await database.destroy();
}

/** The bucket's settings: BLOB_STORE=s3's, or — on the way back, BLOB_STORE already file or database — S3_* still set. */
function bucketSettings(config: Config): S3Settings | null {
  if (config.blobs.s3) return config.blobs.s3;
  if (!process.env.S3_ENDPOINT || !process.env.S3_BUCKET) return null;
  return loadConfig({ ...process.env, BLOB_STORE: 's3' }).blobs.s3;
}

async function migrate(to: BlobTarget): Promise<number> {
  console.log(
    `Przenoszenie plików do: ${to === 's3' ? `kubełka ${s3!.bucket} (${s3!.endpoint})` : to === 'file' ? 'DATA_DIR/blobs' : 'tabeli blobs'}`,
  );
  let shownAt = Date.now();
  const show = (p: MigrationProgress) => {
    if (Date.now() - shownAt < 1000 && p.moved + p.failed < p.total) return;
    shownAt = Date.now();
    console.log(`  ${p.moved + p.failed}/${p.total} plików, ${megabytes(p.bytes)}${p.failed ? `, błędy: ${p.failed}` : ''}`);
  };
  const report = await migrateBlobs(places, to, show);
  for (const f of report.failures) console.error(`  BŁĄD ${f.key}: ${f.reason}`);
  console.log(
    `Przeniesiono ${report.moved} plików (${megabytes(report.bytes)}) w ${report.seconds.toFixed(1)} s` +
      `; zarejestrowano starszych: ${report.registered}; usunięto pozostawionych kopii: ${report.cleaned}` +
      `; pominięto: ${report.skipped}; błędy: ${report.failures.length}.`,
  );
  if (report.skipped) console.log('Pominięte przenosi działający serwer albo są zbyt świeże (10 min): uruchom polecenie ponownie później.');
  if (to !== 's3' && config.blobs.mode !== to) console.log(`Teraz ustaw BLOB_STORE=${to} i uruchom serwer ponownie.`);
  return report.failures.length ? 1 : 0;
}

async function verify(): Promise<number> {
  const report = await verifyBlobs(places);
  for (const p of report.problems) console.error(`  ${p.key} (${p.where}): ${p.problem}`);
  console.log(
    `Sprawdzono ${report.checked} plików (${megabytes(report.bytes)}) w ${report.seconds.toFixed(1)} s; problemy: ${report.problems.length}.`,
  );
  return report.problems.length ? 1 : 0;
}

async function orphans(remove: boolean): Promise<number> {
  const report = await findOrphans(places, { delete: remove });
  for (const o of report.orphans) console.log(`  ${o.key} (${o.where}, ${o.size} B)`);
  const tail = report.tooNew ? `; pominięto ${report.tooNew} zapisanych w ostatnich 10 minutach` : '';
  console.log(
    remove
      ? `Usunięto ${report.deleted} plików bez wiersza${tail}.`
      : `Plików bez wiersza: ${report.orphans.length}${tail}.${report.orphans.length ? ' Usuń je: npm run blobs -- orphans --delete' : ''}`,
  );
  return 0;
}

/** Issue 38 (decision 138): photos stored before the fingerprints, made now (resumable: it takes those still without). */
async function fingerprints(): Promise<number> {
  const store = openBlobStore(database, config, now);
  const report = await backfillFingerprints({ db: database.db, now, timezone: config.timezone }, store);
  console.log(`Odciski zrobiono dla ${report.done} zdjęć; pominięto (bajty nieczytelne teraz): ${report.skipped}.`);
  return report.skipped ? 1 : 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
