import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE } from '@promotor/contract/route-paths';

/**
 * The app loads only its own scripts, styles, images and workers; camera photos are blob:/data: URLs
 * made in the page. No inline script or style element anywhere (React's style props go through the
 * CSSOM, which CSP does not restrict). docs/decisions/016-security-headers.md
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers for these options, computed once by running helmet's own middleware against a
 * recorder. @fastify/helmet ran helmet anew on every request, parsing the policy each time (issue 8);
 * the headers never depend on the request, so helmet stays the source of its defaults at no cost.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const headersFor = (directives: typeof contentSecurityPolicy) =>
  helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent only over HTTPS (below): over plain HTTP it means nothing and would pin a local setup.
    strictTransportSecurity: false,
  });

/** The back office's pages (plugins/web-app.ts serves biuro.html for these). */
const isBackOfficePath = (url: string) => {
  const path = url.split('?', 1)[0]!;
  return path === '/biuro' || path.startsWith('/biuro/');
};

type SecurityHeadersOptions = {
  /** The live map's tile server (MAP_TILE_URL's origin, decision 091): the back office may show its images. */
  mapTileOrigin?: string | null;
  /**
   * The files' bucket (BLOB_STORE=s3, decision 130): a photo's serve call answers with a presigned
   * address there, which both apps fetch and show.
   */
  fileOrigin?: string | null;
};

async function securityHeaders(app: FastifyInstance, { mapTileOrigin = null, fileOrigin = null }: SecurityHeadersOptions) {
  const policy = fileOrigin
    ? {
        ...contentSecurityPolicy,
        'img-src': [...contentSecurityPolicy['img-src'], fileOrigin],
        'connect-src': [...contentSecurityPolicy['connect-src'], fileOrigin],
      }
    : contentSecurityPolicy;
  const headers = headersFor(policy);
  // Only /biuro shows the map; the promoters' app keeps images to its own origin.
  const backOffice = mapTileOrigin ? headersFor({ ...policy, 'img-src': [...policy['img-src'], mapTileOrigin] }) : headers;
  // On every answer, refusals included: set before anything can fail.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(backOffice !== headers && isBackOfficePath(request.url) ? backOffice : headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // With a trusted proxy, the protocol comes from X-Forwarded-Proto (decision 015).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers hold tokens and personal data: never stored by a browser or a proxy.
    if (request.url.startsWith(`${API_BASE}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
