// npm run bench:integrity (bench/plausibility.mjs) [-- --db postgres] [-- --days 100]: issue 38's measure of the plausibility
// signals (decision 138). It generates honest action days (indoor accuracy 20–80 m, GPS noise, offline
// gaps flushed out of order) and cheating days (a fixed mocked position, a replayed track from another
// day and point or of an earlier day at the same point, a teleport while a mock glitches), sends each through the API of an in-process server
// (app.inject on a server built as the tests build it, test/test-app.ts, on a fresh database: a
// temporary SQLite file, or with `--db postgres` a scratch schema on TEST_DATABASE_URL), then reads the
// flags each day raised. It prints the share of cheating days flagged (goal ≥ 90 %) and of honest days
// flagged (goal ≤ 2 %), per signal. weak_fix is weak evidence: shown, not counted as flagged.
// Seeded (BENCH_SEED), so a run repeats. It prints numbers; not part of npm test.

// The server's sources and test helpers, loaded as the other in-process benches load them (under tsx,
// after the arguments are read): the bench is no module of the server's.
const { createTestApp, post } = await import('../apps/server/src/test/test-app.ts');
const { buildSignedInPromoter } = await import('../apps/server/src/test/builders.ts');
const { buildActionAt } = await import('../apps/server/src/test/integrity.ts');
const { sendStartPhotos } = await import('../apps/server/src/test/action-steps.ts');
const { atWallHour } = await import('../apps/server/src/test/live.ts');
const { buildAlteredCopy, buildReshotCopy, buildScene, uploadPhotos } = await import('../apps/server/src/test/files.ts');

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dialect = arg('--db', 'sqlite');
const HONEST_DAYS = Number(arg('--days', process.env.BENCH_INTEGRITY_DAYS ?? 100));
const CHEAT_DAYS = Math.max(10, Math.round(HONEST_DAYS / 3));
if (dialect === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('--db postgres needs TEST_DATABASE_URL');

const MIN = 60_000;
const DAY_HOURS = 4;
const WEAK = new Set(['weak_fix']);

// ── a seeded generator ──
let seed = Number(process.env.BENCH_SEED ?? 38);
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const between = (a, b) => a + random() * (b - a);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** `metres` from `p` in a random direction (or the given bearing, radians). */
function moved(p, metres, bearing = between(0, 2 * Math.PI)) {
  const dLat = (metres * Math.cos(bearing)) / 111_195;
  const dLng = (metres * Math.sin(bearing)) / (111_195 * Math.cos((p.latitude * Math.PI) / 180));
  return { latitude: p.latitude + dLat, longitude: p.longitude + dLng };
}
/** A store somewhere in Warsaw. */
const somePoint = () => ({ latitude: between(52.15, 52.3), longitude: between(20.9, 21.15) });
/** What a phone reports indoors: a float accuracy of 20–80 m, the fix off by about that much (1 in 50 off by three times). */
function indoorFix(p) {
  const accuracy = Math.round(between(20, 80) * 10) / 10;
  const off = Math.abs(gaussian()) * accuracy * 0.6 * (random() < 0.02 ? 3 : 1);
  return { ...moved(p, off), accuracy };
}

/**
 * A day is what her phone takes: the check-in's fix, pings every ~5 minutes for DAY_HOURS, the
 * check-out's position; each with the minute it is taken (from the check-in) and the minute it is
 * sent (later than taken when it waited offline).
 */
function honestTrack(point) {
  const fixes = [];
  const gapStart = random() < 0.6 ? between(20, DAY_HOURS * 60 - 100) : Infinity;
  const gapEnd = gapStart + between(20, 90);
  // Sometimes no fix at all for a while (the app killed in the background, a dead zone).
  const holeStart = random() < 0.3 ? between(20, DAY_HOURS * 60 - 80) : Infinity;
  const holeEnd = holeStart + between(30, 60);
  for (let m = between(3, 6); m < DAY_HOURS * 60; m += between(4.5, 5.5)) {
    if (m >= holeStart && m < holeEnd) continue;
    // Now and then she walks to the storeroom, 40–120 m away.
    const where = random() < 0.1 ? moved(point, between(40, 120)) : point;
    const offline = m >= gapStart && m < gapEnd;
    fixes.push({ ...indoorFix(where), taken: m, sent: offline ? gapEnd + between(0, 0.5) : m + between(0, 0.05) });
  }
  return fixes;
}
/** A rough fix (a mall, a basement): accuracy 100–300 m, off by up to about that much. */
function roughFix(p) {
  const accuracy = Math.round(between(100, 300));
  return { ...moved(p, Math.min(1.8, Math.abs(gaussian()) * 0.6) * accuracy), accuracy };
}
/** One check-in in 20 has a rough fix: weak evidence, shown, not a fault. */
const honestDay = () => {
  const point = somePoint();
  const checkIn = random() < 0.05 ? roughFix(point) : indoorFix(point);
  return { point, checkIn, pings: honestTrack(point), checkOut: indoorFix(point) };
};

/** A mock-location app holding one position at the point all day (its accuracy fixed or random). */
function fixedMockDay() {
  const point = somePoint();
  const spot = moved(point, between(0, 40));
  const fixedAccuracy = random() < 0.5 ? 5 : null;
  const at = () => ({ ...spot, accuracy: fixedAccuracy ?? Math.round(between(3, 20)) });
  const pings = honestTrack(point).map((p) => ({ ...p, ...at() }));
  return { point, checkIn: at(), pings, checkOut: spot };
}

/** Another day's track, taken at another point, replayed by a mock app as now. */
function replayDay() {
  const point = somePoint();
  const elsewhere = moved(point, between(1_500, 15_000));
  const recorded = honestDay();
  const shift = (f) => ({ ...f, ...offset(recorded.point, f, elsewhere) });
  return { point, checkIn: shift(recorded.checkIn), pings: recorded.pings.map(shift), checkOut: shift(recorded.checkOut) };
}
/**
 * A track recorded on an earlier honest day at this same point, played back by a mock location app
 * with its own accuracies (her own or another promoter's day: every bench action stands at one point by
 * name and address). The positions alone look honest; their numbers repeat the recorded day's exactly.
 */
const recordedDays = [];
const recordHonestDay = () => {
  const day = honestDay();
  recordedDays.push(day);
  return day;
};
// The same point's fixes are looked up 90 days back (REPLAY_LOOKBACK_DAYS) and the bench's days follow
// one another: a replay plays one of the last 25 honest tracks (the photo cases' days are honest tracks
// too), and the class runs right after the photo cases.
const samePointReplayDay = () => {
  const recent = recordedDays.slice(-25);
  return JSON.parse(JSON.stringify(recent[Math.floor(random() * recent.length)]));
};

/** `f` moved with its track from `from` to `to`. */
function offset(from, f, to) {
  return { latitude: to.latitude + (f.latitude - from.latitude), longitude: to.longitude + (f.longitude - from.longitude) };
}

/** She mocks the point with noise, and her real position 15–40 km away slips through a few times. */
function teleportDay() {
  const day = honestDay();
  const home = moved(day.point, between(15_000, 40_000));
  const slips = 1 + Math.floor(random() * 3);
  for (let i = 0; i < slips; i++) {
    const k = Math.floor(between(1, day.pings.length - 1));
    day.pings[k] = { ...day.pings[k], ...indoorFix(home) };
  }
  return day;
}

// ── photos (decision 138, 'Photos') ──
// Every day sends one survey photo during the action ('start': before the display is arranged). An
// honest day's is a scene of its own (test/files.ts buildScene: seeded shapes and gradients), kept in a
// pool; a cheating day sends one from the pool again — as it is, resized to half, recompressed at JPEG
// quality 50, or "re-photographed from a screen" (cropped 2–9 % off each side and off-centre, dimmed, blurred, quality 70). The bench's
// actions all stand at one point by name and address (the test builders' 'Punkt 1'), so an earlier
// photo is the same point's, as the similarity signal asks.
const SURVEY_FORM = { chechboxes: ['tak', 'tak', 'tak'], text: 'Ekspozycja' };
const photoPool = [];
let sceneSeed = 1_000;

/** A re-shot from a screen as a phone frames it: 2–9 % of each side left out, off-centre by up to 1 %, 80–95 % as bright. */
const reshot = (photo) =>
  buildReshotCopy(photo, { cropShare: between(0.02, 0.09), offCentre: between(-0.01, 0.01), brightness: between(0.8, 0.95) });

function surveyWith(makePhoto) {
  return async (t, her, action) => {
    const photo = await makePhoto();
    must(await uploadPhotos(t.app, her.token, { action: { uuid: action.uuid }, ident: 'start', form: SURVEY_FORM }, [photo]));
  };
}
const honestSurvey = surveyWith(async () => {
  const photo = await buildScene(sceneSeed++);
  photoPool.push(photo);
  return photo;
});
// The similarity looks back 90 days (and the bench's days follow one another): a cheat reuses one of the
// last 25 honest photos, and the photo cases, right after the honest days, take 15 days each.
const PHOTO_DAYS = Math.min(CHEAT_DAYS, 15);
const fromPool = () => {
  const recent = photoPool.slice(-25);
  return recent[Math.floor(random() * recent.length)];
};
const PHOTO_CASES = [
  { name: 'photo reused as is', photoCase: true, make: recordHonestDay, photos: surveyWith(async () => fromPool()) },
  {
    name: 'photo resized to half',
    photoCase: true,
    make: recordHonestDay,
    photos: surveyWith(() => buildAlteredCopy(fromPool(), { scale: 0.5, quality: 85, cropShare: 0 })),
  },
  {
    name: 'photo recompressed (quality 50)',
    photoCase: true,
    make: recordHonestDay,
    photos: surveyWith(() => buildAlteredCopy(fromPool(), { scale: 1, quality: 50, cropShare: 0 })),
  },
  {
    name: 'photo re-photographed from a screen',
    photoCase: true,
    make: recordHonestDay,
    photos: surveyWith(async () => reshot(fromPool())),
  },
].map((c) => ({ ...c, days: PHOTO_DAYS }));

// ── sending a day through the API ──
async function sendDay(t, day, photos = async () => {}) {
  atWallHour(t, 9);
  const her = await buildSignedInPromoter(t);
  const action = await buildActionAt(t, her, day.point);
  await sendStartPhotos(t.app, her.token, action);
  const start = t.clock.now().getTime();
  const iso = (minute) => new Date(start + minute * MIN).toISOString();
  const checkIn = { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] }, cashTerminal: { id: 'K12' }, tappedAt: iso(0) };
  const { latitude, longitude, accuracy } = day.checkIn;
  must(await post(t.app, '/action/check-in', { ...checkIn, location: { latitude, longitude, accuracy } }, her.token));
  await photos(t, her, action);
  // Sent in the order they arrive: a flush after a gap comes in any order.
  const sends = day.pings.map((p) => ({ ...p, order: p.sent + random() * 0.01 })).sort((a, b) => a.order - b.order);
  for (const p of sends) {
    t.clock.advance(Math.max(0, start + p.sent * MIN - t.clock.now().getTime()));
    const location = { latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy, capturedAt: iso(p.taken) };
    must(await post(t.app, '/action/location/save', { action: { uuid: action.uuid }, location }, her.token));
  }
  t.clock.advance(Math.max(0, start + (DAY_HOURS * 60 + 1) * MIN - t.clock.now().getTime()));
  const checkOut = { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] }, tappedAt: iso(DAY_HOURS * 60) };
  must(
    await post(
      t.app,
      '/action/check-out',
      { ...checkOut, location: { latitude: day.checkOut.latitude, longitude: day.checkOut.longitude } },
      her.token,
    ),
  );
  const flags = await t.db.selectFrom('integrity_flags').select('kind').where('action_id', '=', action.uuid).execute();
  return new Set(flags.map((f) => f.kind));
}

function must(res) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
}

// ── the run ──
const CLASSES = [
  { name: 'honest', honest: true, days: HONEST_DAYS, make: recordHonestDay, photos: honestSurvey },
  ...PHOTO_CASES,
  { name: 'replayed track of the same point', days: CHEAT_DAYS, make: samePointReplayDay },
  { name: 'fixed mocked position', days: CHEAT_DAYS, make: fixedMockDay },
  { name: 'replayed track (another day, another point)', days: CHEAT_DAYS, make: replayDay },
  { name: 'teleport (a mock that slips)', days: CHEAT_DAYS, make: teleportDay },
];

const t = await createTestApp(dialect);
const started = Date.now();
const results = [];
let requests = 0;
try {
  for (const c of CLASSES) {
    const perKind = new Map();
    let flagged = 0;
    for (let i = 0; i < c.days; i++) {
      const day = c.make();
      requests += day.pings.length + 3;
      const kinds = await sendDay(t, day, c.photos);
      // A photo case is judged by the photo signals alone (its positions are an honest day's).
      if ([...kinds].some((k) => (c.photoCase ? k.startsWith('photo_') : !WEAK.has(k)))) flagged++;
      for (const k of kinds) perKind.set(k, (perKind.get(k) ?? 0) + 1);
    }
    results.push({ ...c, flagged, perKind });
  }
} finally {
  await t.close();
}

const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`;
console.log(
  `bench:integrity on ${dialect}: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${process.env.BENCH_SEED ?? 38})`,
);
for (const r of results) {
  const goal = r.honest ? 'goal ≤ 2 %' : 'goal ≥ 90 %';
  const kinds = [...r.perKind.entries()]
    .sort()
    .map(([k, n]) => `${k} ${pct(n, r.days)}`)
    .join(', ');
  console.log(
    `${r.name.padEnd(46)} ${String(r.days).padStart(4)} days  flagged ${pct(r.flagged, r.days).padStart(7)} (${goal.padEnd(15)})  ${kinds || '—'}`,
  );
}
const cheats = results.filter((r) => !r.honest);
const cheatDays = cheats.reduce((s, r) => s + r.days, 0);
console.log(
  `all cheating days flagged: ${pct(
    cheats.reduce((s, r) => s + r.flagged, 0),
    cheatDays,
  )} of ${cheatDays}`,
);
