// `npm run bench` runs this under tsx (node --import tsx bench/floor-capture.mjs) for the database
// floor: the read statements of /auth/session, /action/list and /action/recent as the server's own
// code executes them (bench/hot-statements.mjs), written as JSON to BENCH_FLOOR_FILE for
// bench/anchor-server.mjs to replay. Environment: BENCH_DATABASE_URL, BENCH_TOKEN, BENCH_TIMEZONE.
import fs from 'node:fs';
import { captureHotStatements } from './hot-statements.mjs';

const { BENCH_DATABASE_URL: url, BENCH_TOKEN: token, BENCH_FLOOR_FILE: file } = process.env;
if (!url || !token || !file) throw new Error('BENCH_DATABASE_URL, BENCH_TOKEN and BENCH_FLOOR_FILE are needed');
const statements = await captureHotStatements({ url, token, timezone: process.env.BENCH_TIMEZONE ?? 'Europe/Warsaw', writes: false });
fs.writeFileSync(file, JSON.stringify(statements.filter((statement) => /^\s*select\b/i.test(statement.text))));
