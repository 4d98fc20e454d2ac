import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { API_BASE } from '@promotor/contract/route-paths';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's larger JSON answers (brotli, else gzip) for phones on slow networks. The web
 * app's files are compressed once at build time instead (vite-plugins/precompress.ts, served by
 * plugins/web-app.ts), so routes outside /api are left alone. Request bodies are never decompressed:
 * the API takes plain JSON and multipart only. docs/decisions/041-compression.md
 */
async function compression(app: FastifyInstance) {
  // Runs before the compress plugin's own onRoute hook, which skips routes marked `compress: false`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) route.compress ??= false;
  });
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json(;|$)/,
    globalDecompression: false,
  });
}

export const compressionPlugin = fp(compression, { name: 'compression' });
