import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { staffOf } from '../../plugins/auth.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../plugins/compression.ts';
import { plainSerializerCompiler } from '../../lib/response-serializer.ts';
import { checkException } from './live-checks.service.ts';
import { liveDay, type LiveDeps } from './live.service.ts';

// /api/admin/live (issue 25): live.read, checked by the one guard (plugins/auth.ts); its scope limits
// the query to her territories.

// The answer is large (a thousand running actions: about 1 MB of JSON) and built anew on each poll:
// compressed at the fastest levels — brotli 1 makes 78 KB of it in 3 ms, where the API's default
// (quality 4) takes 11 ms for 54 KB (bench/live-day.mjs, decision 091).
const fastCompression = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: COMPRESSION_THRESHOLD_BYTES,
  customTypes: /^application\/json(;|$)/,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
  // In one call rather than through a stream of 16 KB chunks, which cost ten times as much here.
  syncThreshold: 16 * 1024 * 1024,
};

/** `checkAnswers`: the configuration's; the answer is written by JSON.stringify, checked by zod outside production. */
export async function liveRoutes(app: FastifyInstance, deps: LiveDeps & { checkAnswers: boolean }) {
  apiRoute(app, 'adminLive', async (request) => liveDay(deps, { scope: staffOf(request).scope }, request.body), {
    compress: fastCompression,
    serializerCompiler: plainSerializerCompiler(deps.checkAnswers),
  });
  apiRoute(app, 'adminLiveCheck', async (request) => checkException(deps, staffCallOf(request), request.body));
}
