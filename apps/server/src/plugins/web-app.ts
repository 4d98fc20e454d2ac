import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';
import { API_BASE } from '@promotor/contract/route-paths';

const BACK_OFFICE_HTML = 'biuro.html';
const isBackOfficePath = (url: string) => url === '/biuro' || url.startsWith('/biuro/');

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html, the service worker,
 * version.json and the manifest are revalidated on every use, so a deployment reaches phones. Text
 * files go out as the brotli or gzip copies the build made next to them (vite-plugins/precompress.ts),
 * whichever the browser accepts, else as they are. Any other GET outside /api gets index.html (the SPA
 * fallback): the app's router shows the page or, for an unknown path, sends the user to / (spec §2).
 * `/biuro` and every path under it get biuro.html instead: the back office is a separate entry of the
 * build that the promoter app never loads (docs/decisions/089-back-office-web.md).
 */
export async function webAppPlugin(app: FastifyInstance, opts: { webDistDir: string }) {
  const index = path.join(opts.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(index);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      // A file that is not there falls through to the not-found handler below.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webDistDir, filePath);
        res.header('cache-control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const hasBackOffice = hasWebApp && fs.existsSync(path.join(opts.webDistDir, BACK_OFFICE_HTML));
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  const sendBackOffice = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile(BACK_OFFICE_HTML);
  // The static plugin answers '/' as a directory; the root is the welcome page.
  if (hasWebApp) app.get('/', async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler({}, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith(`${API_BASE}/`) && url !== API_BASE;
    if (hasWebApp && isPage && !path.extname(url)) {
      if (hasBackOffice && isBackOfficePath(url)) return sendBackOffice(reply);
      return sendIndex(reply);
    }
    return sendError(reply, 'E_NOT_FOUND');
  });
}
