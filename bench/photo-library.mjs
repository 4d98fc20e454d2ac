// npm run bench:photos [-- --db postgres]: 'Zdjęcia', the photo library's query (issue 38, decision 138)
// at 200,000 photos — the first page and a deep one (the key of the 150,000th photo), with and without
// filters, for the admin, a coordinator of one territory and the brand's client, each timed over 5 runs
// beside the anchor of the same run: the database's floor, a bare `select … from action_files order by
// created_at desc, id desc limit 100` (and its deep twin, the same after the same key) on the same table.
// The service's function is called in this process (no HTTP: the route adds the same envelope to every
// call, api-latency.mjs measures that part). The data is made by the database itself (as scale-data.mjs
// and export-memory.mjs do): 50,000 finished actions over a year in 2 territories, 40 promoters and 5
// events, 4 photos each (start, end and the survey's two), half the reports approved, 1 % of the
// photos flagged. A temporary SQLite file, or with `--db postgres` a scratch database on
// BENCH_POSTGRES_URL, dropped afterwards. It prints numbers; not part of npm test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { adminQuery } from './bench-db.mjs';

const args = process.argv.slice(2);
const dbKind = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'sqlite';
const ACTIONS = Number(process.env.BENCH_PHOTO_ACTIONS ?? 50_000);
const PHOTOS = ACTIONS * 4;
const PROMOTERS = 40;
const RUNS = 5;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratchDb = `promotor_bench_photos_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-bench-photos-'));
const YEAR = '2031';
const TIMEZONE = 'Europe/Warsaw';

const { openMigratedDatabase } = await import('../apps/server/src/db/database-roles.ts');
const { ensureTerritory } = await import('../apps/server/src/db/territories.ts');
const { EVERYWHERE, withinTerritories } = await import('../apps/server/src/db/territory-scope.ts');
const { list } = await import('../apps/server/src/modules/photo-library/photo-library.service.ts');
const { AdminPhotosListBody } = await import('../packages/contract/src/admin/integrity.ts');

function databaseUrl() {
  if (dbKind !== 'postgres') return `sqlite:${path.join(dataDir, 'promotor.sqlite')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${scratchDb}`;
  return url.toString();
}

/** The actions, their points, her assignments, the reports' reviews, the photos and a few flags, by the database. */
async function buildRows(db, territories) {
  const sqlite = dbKind === 'sqlite';
  const upTo = (max) =>
    sqlite
      ? `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${max - 1})`
      : `with s(n) as (select generate_series(0::bigint, ${max - 1}))`;
  const pad = (expr, width) => (sqlite ? `substr('0000000000' || (${expr}), -${width})` : `lpad((${expr})::text, ${width}, '0')`);
  const dayOffset = `n * 365 / ${ACTIONS}`;
  const day = sqlite
    ? `date('${YEAR}-01-01', (${dayOffset}) || ' days')`
    : `to_char(date '${YEAR}-01-01' + (${dayOffset})::int, 'YYYY-MM-DD')`;
  const hour = pad('7 + n % 10', 2);
  const action = `'bench-action-' || ${pad('n', 6)}`;
  const promoter = `'bench-user-' || ${pad(`n % ${PROMOTERS}`, 3)}`;
  // Her four photos of action n, stored through her day (UTC ISO, as the app stores them).
  const photo = (i, ident, minutes) =>
    `${upTo(ACTIONS)} insert into action_files (id, action_id, user_id, ident, position, blob_key, content_type, size, created_at)
     select 'bench-photo-' || ${pad('n', 6)} || '-${i}', ${action}, ${promoter}, '${ident}', 0, 'bench-' || n || '-${i}.jpg', 'image/jpeg', 100000,
       ${day} || 'T' || ${hour} || ':${String(minutes).padStart(2, '0')}:00.000Z' from s`;
  const statements = [
    `insert into events (id, ident, name) select 'bench-event-' || n, 'EV-BENCH-' || n, 'Sampling ' || n from (${upTo(5)} select n from s) e`,
    `${upTo(PROMOTERS)} insert into users (id, ident, username, password_hash, firstname, lastname, email_address, mobile_phone, created_at)
     select 'bench-user-' || ${pad('n', 3)}, 'HST' || ${pad('n', 3)}, 'bench' || n || '@test.pl', 'x', 'Anna', 'Nowak ' || n, null, null, '${YEAR}-01-01T00:00:00.000Z' from s`,
    `${upTo(ACTIONS)} insert into actions (id, ident, name, event_id, territory_id, since, until, global_status, created_at)
     select ${action}, 'BP-' || ${pad('n', 6)}, 'Degustacja ' || ${pad('n', 6)}, 'bench-event-' || (n % 5),
       case when n % 2 = 0 then '${territories[0]}' else '${territories[1]}' end,
       ${day} || ' ' || ${hour} || ':00:00', ${day} || ' ' || ${hour} || ':45:00', 'finished', '${YEAR}-01-01T00:00:00.000Z' from s`,
    `${upTo(ACTIONS)} insert into action_points (id, action_id, position, name, street_address, postal_code, city_name, petra_id)
     select 'bench-point-' || ${pad('n', 6)}, ${action}, 0, 'Żabka ' || ${pad('n % 500', 3)}, 'ul. Marszałkowska 1', '00-001', 'Warszawa', null from s`,
    `${upTo(ACTIONS)} insert into action_assignments (action_id, user_id, status, action_point_id, last_status_at, cancelled_at)
     select ${action}, ${promoter}, 'finished', 'bench-point-' || ${pad('n', 6)}, ${day} || ' ' || ${hour} || ':45:00', null from s`,
    `${upTo(ACTIONS)} insert into report_reviews (action_id, user_id, state, reason, note, submitted_at, reviewed_at, reviewed_by, updated_at)
     select ${action}, ${promoter}, case when n % 2 = 0 then 'approved' else 'submitted' end, null, null,
       '${YEAR}-01-01T00:00:00.000Z', null, null, '${YEAR}-01-01T00:00:00.000Z' from s`,
    photo(0, 'bereal_start', 5),
    photo(1, 'start', 20),
    photo(2, 'end', 21),
    photo(3, 'bereal_end', 44),
    // 1 % of the photos: an open 'photo_reused' on each 25th action's start photo.
    `${upTo(ACTIONS / 25)} insert into integrity_flags (id, action_id, user_id, kind, subject, evidence, raised_at)
     select 'bench-flag-' || n, 'bench-action-' || ${pad('n * 25', 6)}, 'bench-user-' || ${pad(`(n * 25) % ${PROMOTERS}`, 3)}, 'photo_reused',
       'bench-photo-' || ${pad('n * 25', 6)} || '-0', '{}', '${YEAR}-01-01T00:00:00.000Z' from s`,
  ];
  for (const text of statements) await sql.raw(text).execute(db);
  await sql.raw('analyze').execute(db);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `work` timed RUNS times after one warm-up run; ms. */
async function timed(label, work) {
  const rows = await work();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { label, rows, median: median(times), max: Math.max(...times) };
}

const call = (roles, scope) => ({
  staff: { staffId: 'bench-staff', scope },
  actor: { type: 'staff', id: 'bench-staff', name: 'Bench', roles, address: null },
});

if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `create database ${scratchDb}`);
const database = await openMigratedDatabase({ url: databaseUrl() });
try {
  const waw = await ensureTerritory(database.db, 'WAW-BENCH');
  const krk = await ensureTerritory(database.db, 'KRK-BENCH');
  const building = performance.now();
  await buildRows(database.db, [waw, krk]);
  console.log(`built ${PHOTOS} photos of ${ACTIONS} reports in ${((performance.now() - building) / 1000).toFixed(1)} s`);

  const deps = { db: database.db, timezone: TIMEZONE };
  const admin = call(['admin'], EVERYWHERE);
  const coordinator = call(['coordinator'], withinTerritories([waw]));
  const client = call(['client'], EVERYWHERE);
  const year = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
  const page = (c, body) => async () => (await list(deps, c, AdminPhotosListBody.parse({ ...year, ...body }))).photos.length;
  // The key of the 150,000th photo, newest first: a deep page, as the list itself hands it out.
  const depth = Math.round(PHOTOS * 0.75);
  const deepRow = (
    await sql.raw(`select id, created_at from action_files order by created_at desc, id desc limit 1 offset ${depth}`).execute(database.db)
  ).rows[0];
  const deepKey = Buffer.from(JSON.stringify([deepRow.created_at, deepRow.id])).toString('base64url');
  const floor = (deep) => async () =>
    (
      await sql
        .raw(
          `select id, action_id, user_id, ident, created_at from action_files
           ${deep ? `where (created_at, id) < ('${deepRow.created_at}', '${deepRow.id}')` : ''} order by created_at desc, id desc limit 100`,
        )
        .execute(database.db)
    ).rows.length;

  const results = [
    await timed('anchor: bare select … order by … limit 100', floor(false)),
    await timed(`anchor: the same after the key of photo ${depth}`, floor(true)),
    await timed('admin, the year, first page', page(admin, {})),
    await timed(`admin, the year, deep page (after photo ${depth})`, page(admin, { after: deepKey })),
    await timed('coordinator of 1 of 2 territories, first page', page(coordinator, {})),
    await timed('coordinator, deep page', page(coordinator, { after: deepKey })),
    await timed('client (approved reports only), first page', page(client, {})),
    await timed('client, deep page', page(client, { after: deepKey })),
    await timed('admin, territory + kind survey, first page', page(admin, { territory: 'KRK-BENCH', kind: 'survey' })),
    await timed('admin, territory + kind survey, deep page', page(admin, { territory: 'KRK-BENCH', kind: 'survey', after: deepKey })),
    await timed('admin, one promoter (1 of 40), first page', page(admin, { promoter: 'HST007' })),
    await timed('admin, one promoter, deep page', page(admin, { promoter: 'HST007', after: deepKey })),
    await timed('admin, one event (1 of 5), first page', page(admin, { event: 'EV-BENCH-3' })),
    await timed('admin, one point (action point of 1 report)', page(admin, { point: { uuid: 'bench-point-012345' } })),
    await timed("admin, 'Tylko oznaczone' (1 %), first page", page(admin, { flagged: true })),
    await timed("admin, 'Tylko oznaczone', deep page", page(admin, { flagged: true, after: deepKey })),
    await timed('admin, one week of March, first page', page(admin, { from: `${YEAR}-03-09`, to: `${YEAR}-03-15` })),
  ];
  console.log(`\n'Zdjęcia' at ${PHOTOS} photos, ${dbKind}, ${RUNS} runs each after a warm-up (Node ${process.version}):`);
  console.log('case'.padEnd(58), 'rows'.padStart(5), 'median ms'.padStart(10), 'max ms'.padStart(8));
  for (const r of results)
    console.log(r.label.padEnd(58), String(r.rows).padStart(5), r.median.toFixed(1).padStart(10), r.max.toFixed(1).padStart(8));
} finally {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dbKind === 'postgres') await adminQuery(POSTGRES_URL, `drop database if exists ${scratchDb} with (force)`);
}
