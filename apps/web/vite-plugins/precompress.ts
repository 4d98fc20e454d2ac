import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images (PNG) are compressed already. */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml)$/;

/** Writes `file.br` and `file.gz` next to `file`, each only when it is smaller than the file. */
async function precompressFile(file: string): Promise<void> {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < raw.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < raw.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * After the build is written, compresses every text file of dist/ once, at the highest levels (too slow
 * to do per request), so the server sends the copies (@fastify/static preCompressed, plugins/web-app.ts
 * of apps/server). docs/decisions/041-compression.md
 */
export function precompress(): Plugin {
  return {
    name: 'promotor:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await fs.readdir(dir, { recursive: true }))
        // .vite/ holds the build manifest for scripts/check-bundle-size.mjs; the server never sends it.
        .filter((file) => TEXT_FILE.test(file) && !file.startsWith(`.vite${path.sep}`))
        .map((file) => path.join(dir, file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
