// npm run bench:push [-- --db postgres] [-- --runs 30]: issue 37's measure — the time from a coordinator's
// send-back (POST /api/admin/reports/review, changes requested) to her phone's push service receiving the
// push (goal: p95 ≤ 2 s), beside the anchor of the same run: the same push service receiving a push sent
// straight with the `web-push` library (encryption, VAPID signature and one HTTP request: the floor that
// any sender pays). The push service is web-push-testing behind the tests' recording gateway
// (apps/server/src/test/push-service.ts); "received" is the moment the gateway has the whole request.
// Runs under tsx (the npm script passes it): the server is built in this process from its source on a
// fresh database (a temporary SQLite file, or with `--db postgres` a schema on TEST_DATABASE_URL), with
// the push sender scheduled as in production (a round every second, and a wake-up after each call that
// writes notifications). Each send-back is of a report of its own. It prints numbers; not part of npm test.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import webpush from 'web-push';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dialect = option('--db', 'sqlite');
const RUNS = Number(option('--runs', '30'));
if (dialect === 'postgres') process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const { createTestApp } = await import('../apps/server/src/test/test-app.ts');
const { buildSignedInStaff, buildTerritory } = await import('../apps/server/src/test/admin-builders.ts');
const { buildSignedInPromoter } = await import('../apps/server/src/test/builders.ts');
const { buildReport, requestChanges } = await import('../apps/server/src/test/reviews.ts');
const { startPushService } = await import('../apps/server/src/test/push-service.ts');

/** Resolves with the ms from `start` until the gateway has seen one more push than `before`. */
async function arrival(push, before, start) {
  while (push.seen.length <= before) {
    if (performance.now() - start > 10_000) throw new Error('no push within 10 s');
    await sleep(1);
  }
  return performance.now() - start;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
function row(name, samples) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (v) => v.toFixed(0).padStart(6);
  return `${name.padEnd(44)} ${String(s.length).padStart(4)} ${f(quantile(s, 0.5))} ${f(quantile(s, 0.95))} ${f(s.at(-1))}`;
}

const push = await startPushService();
const t = await createTestApp(dialect, { env: { PUSH_SEND_INTERVAL_MS: '1000' } });
try {
  const keys = t.app.pushSender.keys;
  if (!keys) throw new Error('the server has no VAPID keys');
  const territory = await buildTerritory(t, 'BENCH');
  const coordinator = await buildSignedInStaff(t, { roles: ['coordinator'], territories: [territory] });
  const promoter = await buildSignedInPromoter(t, { territories: [territory] });
  const phone = await push.subscribe(keys.publicKey);
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: { authorization: `Bearer ${promoter.token}` },
    payload: { subscription: { endpoint: phone.endpoint, keys: phone.keys } },
  });
  if (subscribed.statusCode !== 200) throw new Error(`subscribe: ${subscribed.body}`);
  const floorPhone = await push.subscribe(keys.publicKey);

  const sendBack = [];
  const floor = [];
  // Alternating sides, so a slow moment of the machine falls on both.
  for (let i = 0; i < RUNS; i++) {
    const report = await buildReport(t, territory, { promoter });
    let before = push.seen.length;
    let start = performance.now();
    const res = await requestChanges(t.app, coordinator.token, report.ref, `Popraw zdjęcia (${i}).`);
    if (res.statusCode !== 200) throw new Error(`review: ${res.body}`);
    sendBack.push(await arrival(push, before, start));

    before = push.seen.length;
    start = performance.now();
    // web-push sends over https only: it builds the request (encryption, signature) and fetch posts it,
    // as the product's sender does.
    const details = webpush.generateRequestDetails(
      { endpoint: floorPhone.endpoint, keys: floorPhone.keys },
      JSON.stringify({ kind: 'report_returned' }),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 172_800,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = { ...details.headers };
    delete headers['Content-Length'];
    const sent = await fetch(details.endpoint, { method: 'POST', headers, body: details.body });
    if (!sent.ok) throw new Error(`the floor's push: ${sent.status}`);
    floor.push(await arrival(push, before, start));
    await sleep(200);
  }
  console.log(`\nbench:push on ${dialect}, ${RUNS} runs a side (ms)`);
  console.log(`${'what'.padEnd(44)} runs    p50    p95    max`);
  console.log(row('send-back → her push service (the product)', sendBack));
  console.log(row('web-push straight to the service (the floor)', floor));
  const p95 = quantile(
    [...sendBack].sort((a, b) => a - b),
    0.95,
  );
  console.log(`goal: p95 ≤ 2000 ms — ${p95 <= 2000 ? 'met' : 'NOT met'} (${p95.toFixed(0)} ms)`);
} finally {
  await t.close();
  await push.close();
}
