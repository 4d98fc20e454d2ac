// `npm run bench -- --live` (issue 25, decision 091): the back office's live day at scale. On top of
// the scale data (bench/scale-data.mjs: a year of 10,000 actions and 1,000,000 location pings) it adds
// today's field force at work — 1,000 running actions in ten territories (two points with coordinates,
// her check-in, 100 pings each: 100,000 more; her newest ping and her check-in kept on her assignment
// as the ping and check-in calls keep them, decisions 096 and 101), every fourth with a second
// promoter not started yet, and each promoter's phone report — then measures /api/admin/live as the
// admin (every territory: all 1,000 actions in one answer) and for one territory (100 actions, a
// coordinator's day) beside the bare-Fastify anchor, in the same run. What a coordinator's browser
// does: one poll at a time; BENCH_LIVE_CONNECTIONS (default 1) adds more coordinators polling at once.
import autocannon from 'autocannon';
import { countRows } from './bench-db.mjs';
import { checkInStatement, dialect, lastPingStatement, wallToday } from './scale-data.mjs';

export const LIVE = { actions: 1_000, pingsPerAction: 100, territories: 10 };
/** The territory a coordinator's typical answer is measured on: a tenth of the day, 100 actions. */
export const ONE_TERRITORY = 'LIVE-01';

function statements(d, today) {
  const { actions, pingsPerAction, territories } = LIVE;
  const actionId = (n) => `'live-action-' || ${d.pad(n, 4)}`;
  const userOf = (n) => `'scale-user-' || ${d.pad(n, 4)}`;
  // Around Warsaw's centre, a few kilometres apart.
  const lat = (n) => `52.15 + (${n} % 40) / 200.0`;
  const lon = (n) => `20.90 + (${n} / 40) / 120.0`;
  return [
    [
      'territories',
      `${d.series(territories)} insert into territories (id, ident, name)
       select 'live-territory-' || ${d.pad('n', 2)}, 'LIVE-' || ${d.pad('n', 2)}, 'Na żywo ' || ${d.pad('n', 2)} from s`,
    ],
    [
      'actions',
      `${d.series(actions)} insert into actions (id, ident, name, event_id, since, until, global_status, created_at, territory_id)
       select ${actionId('n')}, 'LV-' || ${d.pad('n', 4)}, 'Degustacja na żywo — Punkt ' || ${d.pad('n', 4)}, 'scale-event',
         '${today} 07:00:00', '${today} 21:00:00', 'started', '${today}T05:00:00.000Z', 'live-territory-' || ${d.pad(`n % ${territories}`, 2)} from s`,
    ],
    [
      'action_points',
      `${d.series(actions * 2)} insert into action_points (id, action_id, position, name, street_address, postal_code, city_name, petra_id, latitude, longitude)
       select 'live-point-' || ${d.pad('n', 5)}, ${actionId('n / 2')}, n % 2, 'Punkt ' || ${d.pad('n', 5)}, 'ul. Żywa ' || (n % 200 + 1),
         '00-' || ${d.pad('n % 1000', 3)}, 'Warszawa', 'P-L' || ${d.pad('n', 5)}, ${lat('n / 2')} + (n % 2) / 1000.0, ${lon('n / 2')} from s`,
    ],
    [
      'action_assignments',
      `${d.series(actions)} insert into action_assignments (action_id, user_id, status, action_point_id, last_status_at, cancelled_at)
       select ${actionId('n')}, ${userOf('n')}, 'started', 'live-point-' || ${d.pad('n * 2', 5)}, '${today} 07:05:00', null from s
       union all
       select ${actionId('n')}, ${userOf(`(n + ${actions / 2}) % ${actions}`)}, null, null, null, null from s where n % 4 = 0`,
    ],
    [
      'action_status_events',
      `${d.series(actions)} insert into action_status_events
         (id, action_id, user_id, kind, action_point_id, latitude, longitude, cash_terminal_id, created_at, wall_time, received_at)
       select 'live-check-in-' || ${d.pad('n', 4)}, ${actionId('n')}, ${userOf('n')}, 'check_in', 'live-point-' || ${d.pad('n * 2', 5)},
         ${lat('n')} + (n % 3) / 1000.0, ${lon('n')}, 'T-1', '${today}T05:05:00.000Z', '${today} 07:05:00', '${today}T05:05:00.000Z' from s`,
    ],
    [
      'action_locations',
      // Ping n: action n % 1,000, the k-th of its day (k = n / 1,000), five minutes apart from 07:05.
      `${d.series(actions * pingsPerAction)} insert into action_locations (id, action_id, user_id, latitude, longitude, accuracy, captured_at, created_at, wall_time)
       select 'live-ping-' || ${d.pad('n', 6)}, ${actionId(`n % ${actions}`)}, ${userOf(`n % ${actions}`)},
         ${lat(`n % ${actions}`)} + (n % 7) / 10000.0, ${lon(`n % ${actions}`)}, 5 + n % 30,
         '${today}T' || ${d.pad(`5 + (5 + 5 * (n / ${actions})) / 60`, 2)} || ':' || ${d.pad(`(5 + 5 * (n / ${actions})) % 60`, 2)} || ':00.000Z',
         '${today}T' || ${d.pad(`5 + (5 + 5 * (n / ${actions})) / 60`, 2)} || ':' || ${d.pad(`(5 + 5 * (n / ${actions})) % 60`, 2)} || ':02.000Z',
         '${today} ' || ${d.pad(`7 + (5 + 5 * (n / ${actions})) / 60`, 2)} || ':' || ${d.pad(`(5 + 5 * (n / ${actions})) % 60`, 2)} || ':02'
       from s`,
    ],
    ['action_assignments (last ping)', lastPingStatement('live-action-')],
    ['action_assignments (check-in)', checkInStatement('live-action-')],
    [
      'promoter_phones',
      `insert into promoter_phones (user_id, outbox_count, outbox_oldest_at, last_seen_at, outbox_reported_at)
       select id, 0, null, '${today}T06:00:00.000Z', '${today}T06:00:00.000Z' from users where id like 'scale-user-%'`,
    ],
    [
      'promoter_phones (waiting)',
      `update promoter_phones set outbox_count = 3, outbox_oldest_at = '${today}T05:30:00.000Z' where user_id like 'scale-user-%7'`,
    ],
  ];
}

/** Today's 1,000 running actions, 100 in each of ten territories; prints what it built. */
export async function buildLiveData(db, { timezone } = {}) {
  const started = performance.now();
  const today = wallToday(timezone);
  const d = dialect(db.kind, today);
  await db.transaction(async () => {
    for (const [, text, params] of statements(d, today)) await db.run(text, params);
  });
  await db.exec('analyze');
  if (db.kind === 'sqlite') await db.exec('pragma wal_checkpoint(truncate)');
  const counts = await countRows(db, ['actions', 'action_assignments', 'action_locations', 'promoter_phones']);
  const running = await db.all(`select count(*) as n from action_assignments where status = 'started'`);
  console.log(
    `live day built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Number(running[0].n).toLocaleString('en')} running promoters; rows: ${Object.entries(
      counts,
    )
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
}

/** What one answer holds, as a line. */
async function describe(base, headers, body, who) {
  const res = await fetch(`${base}/api/admin/live`, { method: 'POST', headers, body });
  const text = await res.text();
  const data = JSON.parse(text).data;
  const running = data.actions.flatMap((a) => a.promoters).filter((p) => p.status === 'started').length;
  console.log(
    `${who}: ${data.actions.length.toLocaleString('en')} actions, ${running.toLocaleString('en')} running, ` +
      `${data.exceptions.length.toLocaleString('en')} exceptions, ${(text.length / 1024).toFixed(0)} KiB of JSON`,
  );
}

/**
 * /api/admin/live under load beside the anchor: as the admin for every territory (the whole country,
 * the worst case), and for one territory of 100 actions (a coordinator's typical day: her scope is the
 * same condition of the same query).
 */
export async function runLive({ base, anchorUrl, adminToken, seconds, connections }) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
  const everywhere = '{}';
  const oneTerritory = JSON.stringify({ territory: ONE_TERRITORY });
  console.log(`\n/api/admin/live; ${connections} connection(s), ${seconds} s per case, brotli or gzip on the wire`);
  await describe(base, headers, everywhere, 'the admin, every territory');
  await describe(base, headers, oneTerritory, `one territory (${ONE_TERRITORY})`);
  const run = (url, o) =>
    autocannon({ url, method: 'POST', connections, duration: seconds, headers: o.headers, body: o.body }).then((r) => ({
      rate: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      bad: r.non2xx + r.errors + r.timeouts,
    }));
  const anchor = await run(anchorUrl, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ actions: { since: '2026-01-01 00:00:00', filters: { statuses: [] } }, pagination: { limit: 1, offset: 0 } }),
  });
  const liveHeaders = { ...headers, 'accept-encoding': 'gzip, br' };
  const live = await run(`${base}/api/admin/live`, { headers: liveHeaders, body: everywhere });
  const territory = await run(`${base}/api/admin/live`, { headers: liveHeaders, body: oneTerritory });
  console.log(
    'case'.padEnd(40),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'non-2xx'.padStart(8),
  );
  for (const [name, r] of [
    ['bare Fastify (anchor)', anchor],
    ['POST /api/admin/live (every territory)', live],
    [`POST /api/admin/live (${ONE_TERRITORY})`, territory],
  ])
    console.log(
      name.padEnd(40),
      r.rate.toFixed(0).padStart(8),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      String(r.max).padStart(7),
      String(r.bad).padStart(8),
    );
  console.log(
    `target: p99 ≤ 100 ms — every territory ${live.p99 <= 100 ? 'met' : 'NOT met'}, one territory ${territory.p99 <= 100 ? 'met' : 'NOT met'}`,
  );
  return live;
}
