// npm run bench -- --plan-import: the back office's plan import (issue 24: 10,000 rows in under 10 s on
// SQLite), timed through the real server, beside its database floor measured in the same run.
// The file is the heaviest shape of 10,000 rows: 10,000 actions of one point and one promoter each
// (Anna, HST1001, in WAW-CENTRUM, the demo seed's), so every row is an action, a point, an
// assignment and an audit entry. Timed: a dry run, the import, and a re-import of the same file
// (which must change nothing). The floor: the same rows as plain INSERTs in one transaction through
// the bench's own connection (bench/bench-db.mjs) into scratch copies of the tables — what the
// database alone costs for the writes. It prints numbers; it is not part of npm test.
import { randomUUID } from 'node:crypto';

const ROWS = 10_000;
const LIMIT_SECONDS = 10;
const HEADER = 'event;name;territory;date;from;to;point_name;street;postal_code;city;petra_id;latitude;longitude;promoters';

/** One action a row, on the days from 2031-01-01 on, each in its own hour of the day. */
function planFile() {
  const lines = [HEADER];
  const day0 = Date.UTC(2031, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    const date = new Date(day0 + Math.floor(i / 10) * 86_400_000).toISOString().slice(0, 10);
    const hour = String(8 + (i % 10)).padStart(2, '0');
    lines.push(
      `EV-2026-SAMPLING;Sampling ${i};WAW-CENTRUM;${date};${hour}:00;${hour}:45;Punkt „Żabka” ${i};ul. Marszałkowska ${i % 200};00-${String(i % 1000).padStart(3, '0')};Warszawa;PT-${i};52,2297;21,0122;HST1001`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function login(base) {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.pl', password: 'demo-haslo-1' }),
  });
  const json = await res.json();
  if (!json.status?.success) throw new Error(`admin login: ${res.status} ${JSON.stringify(json.data)}`);
  return json.data.token.token;
}

async function timedImport(base, token, file, dryRun) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  // What a write must confirm (decision 113): one promoter has many actions. The event is the demo's
  // (decision 123: a plan names only events that exist).
  for (const what of ['Past', 'Conflicts']) form.append(`confirm${what}`, 'true');
  form.append('file', new Blob([file], { type: 'text/csv' }), 'plan.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/actions/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  const json = await res.json();
  const seconds = (performance.now() - started) / 1000;
  if (!json.status?.success) throw new Error(`import: ${res.status} ${JSON.stringify(json.data).slice(0, 500)}`);
  return { seconds, ...json.data };
}

/** The floor: 10,000 × (action, point, assignment, audit entry) as plain INSERTs in one transaction. */
async function databaseFloor(db) {
  const tables = ['actions', 'action_points', 'action_assignments', 'audit_log'];
  for (const table of tables) await db.exec(`create table bench_floor_${table} as select * from ${table} where 1 = 0`);
  const [user] = await db.all("select id from users where ident = 'HST1001'");
  const [event] = await db.all('select id from events limit 1');
  const [territory] = await db.all("select id from territories where ident = 'WAW-CENTRUM'");
  const now = new Date().toISOString();
  const started = performance.now();
  await db.transaction(async () => {
    for (let i = 0; i < ROWS; i++) {
      const action = randomUUID();
      await db.run(
        'insert into bench_floor_actions (id, ident, name, event_id, since, until, global_status, created_at, receipt_count, territory_id) values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
        [action, `AK-${i}`, `Sampling ${i}`, event.id, '2031-01-01 08:00:00', '2031-01-01 08:45:00', 'accepted', now, territory.id],
      );
      await db.run(
        'insert into bench_floor_action_points (id, action_id, position, name, street_address, postal_code, city_name, petra_id, latitude, longitude) values (?, ?, 0, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), action, `Punkt ${i}`, 'ul. Marszałkowska 1', '00-001', 'Warszawa', `PT-${i}`, 52.2297, 21.0122],
      );
      await db.run('insert into bench_floor_action_assignments (action_id, user_id, test_lead_count) values (?, ?, 0)', [action, user.id]);
      await db.run(
        'insert into bench_floor_audit_log (id, at, actor_type, actor_id, actor_name, actor_roles, verb, object_type, object_id, address, details) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), now, 'staff', user.id, 'admin@demo.pl', 'admin', 'actions.create', 'action', action, '127.0.0.1', '{}'],
      );
    }
  });
  const seconds = (performance.now() - started) / 1000;
  for (const table of tables) await db.exec(`drop table bench_floor_${table}`);
  return seconds;
}

/**
 * @param {Awaited<ReturnType<import('./bench-db.mjs').openBenchDb>>} db the bench's connection to the server's database
 * @param {{ base: string, dbKind: string }} options
 */
export async function runPlanImport(db, { base, dbKind }) {
  const token = await login(base);
  const file = planFile();
  const dry = await timedImport(base, token, file, true);
  const imported = await timedImport(base, token, file, false);
  const again = await timedImport(base, token, file, false);
  const floor = await databaseFloor(db);
  const s = (x) => `${x.toFixed(2)} s`.padStart(9);
  console.log(
    `\nplan import, ${ROWS} rows (${ROWS} actions of one point and one promoter), ${dbKind}, ${(file.length / 1e6).toFixed(1)} MB`,
  );
  console.log(`  dry run                                   ${s(dry.seconds)}  would create ${dry.created}`);
  console.log(`  import                                    ${s(imported.seconds)}  created ${imported.created}`);
  console.log(
    `  re-import of the same file                ${s(again.seconds)}  unchanged ${again.unchanged}, created ${again.created}, updated ${again.updated}`,
  );
  console.log(`  database floor: its ${4 * ROWS} rows as INSERTs  ${s(floor)}`);
  console.log(`  import / floor                            ${`${(imported.seconds / floor).toFixed(1)}×`.padStart(9)}`);
  const ok = imported.seconds < LIMIT_SECONDS && again.created === 0 && again.updated === 0;
  console.log(
    `  ${ok ? 'within' : 'OVER'} the issue's ${LIMIT_SECONDS} s, and the re-import ${again.created + again.updated === 0 ? 'changed nothing' : 'CHANGED something'}`,
  );
  if (!ok) process.exitCode = 1;
}
