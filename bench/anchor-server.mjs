#!/usr/bin/env node
// The anchor of `npm run bench`: bare Fastify 5 with the same zod type provider as the real server,
// answering one validated POST with a small envelope — what a request costs before any of our plugins,
// authentication or database work. The real server's rate is printed as a share of this one's,
// measured in the same run on the same machine.
// With BENCH_FLOOR_FILE and BENCH_DATABASE_URL it is the database floor instead: the same app, whose
// /floor/<case> runs, before answering, the read statements that case runs in the real server
// (captured by bench/floor-capture.mjs from the server's own code) on the server's database — what a
// request of that case costs with its SQL and nothing else of ours.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Body = z.object({
  actions: z.object({
    since: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    filters: z.object({ statuses: z.array(z.string()) }),
  }),
  pagination: z.object({ limit: z.number().int().min(1).max(200), offset: z.number().int().min(0) }),
});
const Answer = z.object({
  status: z.object({ success: z.literal(true) }),
  data: z.object({ items: z.array(z.object({ uuid: z.string(), name: z.string() })) }),
  meta: z.object({ ts: z.string() }),
});

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
const answer = () => ({
  status: { success: true },
  data: { items: [{ uuid: '00000000-0000-4000-8000-000000000000', name: 'Degustacja glo' }] },
  meta: { ts: String(Date.now()) },
});
app.post('/anchor', { schema: { body: Body, response: { 200: Answer } } }, async () => answer());

/** Runs one captured statement: its SQL text and the parameters the server gave it. */
function statementRunner(url) {
  if (url.startsWith('sqlite:')) {
    const database = new Database(url.slice('sqlite:'.length), { readonly: true });
    database.pragma('busy_timeout = 5000');
    const prepared = new Map();
    return async ({ text, args }) => {
      if (!prepared.has(text)) prepared.set(text, database.prepare(text));
      return prepared.get(text).all(...args);
    };
  }
  // As the server's pool (db/kysely.ts): ten connections, each statement kept by name.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map();
  return async ({ text, args }) => {
    if (!names.has(text)) names.set(text, `floor_${names.size}`);
    return (await pool.query({ name: names.get(text), text, values: args[0] ?? [] })).rows;
  };
}

const { BENCH_FLOOR_FILE: floorFile, BENCH_DATABASE_URL: databaseUrl } = process.env;
if (floorFile && databaseUrl) {
  const statements = JSON.parse(fs.readFileSync(floorFile, 'utf8'));
  const run = statementRunner(databaseUrl);
  const lookup = statements.filter((statement) => statement.step.startsWith('session lookup'));
  const steps = { session: '/auth/session (after the lookup)', list: '/action/list (current)', recent: '/action/recent' };
  for (const [name, step] of Object.entries(steps)) {
    // One after another, as the server runs them: the lookup in the auth hook, then the handler's.
    const sequence = [...lookup, ...statements.filter((statement) => statement.step === step)];
    app.post(`/floor/${name}`, { schema: { body: Body, response: { 200: Answer } } }, async () => {
      for (const statement of sequence) await run(statement);
      return answer();
    });
  }
  app.get('/floor', async () =>
    Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, 1 + statements.filter((s) => s.step === step).length])),
  );
}
const port = Number(process.env.PORT ?? 4499);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
