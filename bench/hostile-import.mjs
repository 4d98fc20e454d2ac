// npm run bench -- --hostile-import [--db postgres]: files a staff member could upload that cost the
// server the most (issue 32 item 5, decision 106), each imported through the real server while
// /api/health is asked one request after another; per file its answer, how long it took, and the
// latency of /api/health meanwhile (p50, p99, max; the aim is a p99 within 100 ms). Before the fix, a
// plan of one row and 800,000 blank lines took 35 s and /api/health waited as long; 10 MiB of blank
// lines got no answer. It prints numbers; it is not part of npm test. ONLY=<part of a name> runs those files alone.
import { randomUUID } from 'node:crypto';

const HEADER = 'event;name;territory;date;from;to;point_name;street;postal_code;city;petra_id;latitude;longitude;promoters';
const MIB = 1024 * 1024;
/** An answer slower than this is reported as none (the 10 MiB file before the fix never answered). */
const GIVE_UP_MS = 120_000;

const row = (i, promoters = '') =>
  `EV-2026-SAMPLING;Sampling ${i};WAW-CENTRUM;2031-02-${String(1 + (i % 28)).padStart(2, '0')};${String(8 + (i % 10)).padStart(2, '0')}:00;${String(8 + (i % 10)).padStart(2, '0')}:45;Punkt ${i};ul. Marszałkowska ${i % 200};00-001;Warszawa;PT-${i};52,2297;21,0122;${promoters}`;

/** The files, each as the bytes uploaded, the route and its form fields. */
function cases() {
  // Confirmed as a coordinator would (decision 113), so that a file within the limits is written, not refused for that.
  const confirmed = { confirmPast: 'true', confirmConflicts: 'true' };
  const plan = (name, text) => ({ name, route: 'actions/import', fields: confirmed, data: Buffer.from(text) });
  const codes = (i) => Array.from({ length: 50 }, (_, k) => `NIEMA${i * 50 + k}`).join(',');
  return [
    plan('plan: 1 row + 800,000 blank lines', `${HEADER}\n${row(0)}\n${'\n'.repeat(800_000)}`),
    plan('plan: 1 row + 10 MiB of blank lines', `${HEADER}\n${row(0)}\n${'\n'.repeat(10 * MIB - 400)}`),
    plan('plan: 19,999 lines of one field (csv-parse: an error object each)', `${HEADER}\n${row(0)}\n${'x\n'.repeat(19_999)}`),
    plan('plan: 20,000 rows, every cell wrong', `${HEADER}\n${'x;'.repeat(13)}x\n`.repeat(1) + `${'x;'.repeat(13)}x\n`.repeat(19_999)),
    plan(
      'plan: 13,000 rows of 50 unknown codes each',
      `${HEADER}\n${Array.from({ length: 13_000 }, (_, i) => row(i, codes(i))).join('\n')}\n`,
    ),
    plan(
      'plan: 10,000 actions, imported (writes)',
      `${HEADER}\n${Array.from({ length: 10_000 }, (_, i) => row(i, 'HST1001')).join('\n')}\n`,
    ),
    {
      name: 'vouchers: 1 code + 10 MiB of blank lines',
      route: 'vouchers/import',
      fields: { event: 'EV-2026-SAMPLING', batch: `puste ${randomUUID().slice(0, 6)}` },
      data: Buffer.from(`kod\nBENCH-0001\n${'\n'.repeat(10 * MIB - 100)}`),
    },
    {
      name: 'vouchers: 99,999 codes into a new batch',
      route: 'vouchers/import',
      fields: { event: 'EV-2026-SAMPLING', batch: `duża ${randomUUID().slice(0, 6)}` },
      data: Buffer.from(`kod\n${Array.from({ length: 99_999 }, (_, i) => `BENCH-${String(i).padStart(6, '0')}`).join('\n')}\n`),
    },
  ];
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

/** Asks /api/health one request after another until stopped; the latencies in ms. */
function askHealth(base) {
  const latencies = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(GIVE_UP_MS) });
      } catch {
        /* counted by its latency */
      }
      latencies.push(performance.now() - started);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return latencies.sort((a, b) => a - b);
    },
  };
}

const at = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);

async function upload(base, token, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(file.fields)) form.append(name, value);
  form.append('file', new Blob([file.data], { type: 'text/csv' }), 'plik.csv');
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/admin/${file.route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      body: form,
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    const json = await res.json();
    const answer = json.status?.success
      ? `${res.status} ${Object.entries(json.data)
          .filter(([, v]) => typeof v === 'number' || typeof v === 'boolean')
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`
      : `${res.status} ${json.data?.error}${json.data?.errorCount ? ` (${json.data.errorCount} errors)` : ''}`;
    return { answer, seconds: (performance.now() - started) / 1000 };
  } catch {
    return { answer: `no answer in ${GIVE_UP_MS / 1000} s`, seconds: (performance.now() - started) / 1000 };
  }
}

/** @param {{ base: string, dbKind: string }} options */
export async function runHostileImport({ base, dbKind }) {
  const token = await login(base);
  const idle = askHealth(base);
  await new Promise((r) => setTimeout(r, 2000));
  const quiet = await idle.stop();
  console.log(`\nhostile imports, ${dbKind}; /api/health asked one after another meanwhile (ms)`);
  const columns = ['file'.padEnd(64), 'MB'.padStart(5), 'answer'.padEnd(34), 's'.padStart(6), 'asked'.padStart(6), 'p50', 'p99', 'max'];
  console.log(columns.join(' '));
  const ms = (x) => (Number.isNaN(x) ? '–' : x.toFixed(0)).padStart(3);
  console.log(
    [
      '(no import)'.padEnd(64),
      ''.padStart(5),
      ''.padEnd(34),
      ''.padStart(6),
      String(quiet.length).padStart(6),
      ms(at(quiet, 0.5)),
      ms(at(quiet, 0.99)),
      ms(quiet.at(-1)),
    ].join(' '),
  );
  for (const file of cases().filter((c) => !process.env.ONLY || c.name.includes(process.env.ONLY))) {
    const health = askHealth(base);
    const { answer, seconds } = await upload(base, token, file);
    const lat = await health.stop();
    console.log(
      [
        file.name.padEnd(64),
        (file.data.length / 1e6).toFixed(1).padStart(5),
        answer.slice(0, 34).padEnd(34),
        seconds.toFixed(2).padStart(6),
        String(lat.length).padStart(6),
        ms(at(lat, 0.5)),
        ms(at(lat, 0.99)),
        ms(lat.at(-1)),
      ].join(' '),
    );
  }
}
