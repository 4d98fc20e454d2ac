import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import { escapeHtml as escape } from '../../lib/html.ts';
import { sendError } from '../../plugins/errors.ts';
import { listOutbox } from '../notifier/notifier.ts';

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** Development only (never registered in production): the messages the outbox notifier kept. */
export async function devOutboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  // The page's own inline <style> is the one exception to the app's CSP (decision 016).
  const policy = "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'";
  app.get('/dev/outbox', { config: { public: true } }, async (request, reply) => {
    // Reset codes are readable here: only from this machine, never from the network. The socket's own
    // address, never request.ip: behind a trusted proxy that comes from X-Forwarded-For.
    if (!isLoopback(request.socket.remoteAddress ?? '')) return sendError(reply, 'E_NOT_FOUND');
    const messages = await listOutbox(opts.db);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escape(m.created_at)}</td><td>${escape(m.channel)}</td><td>${escape(m.recipient)}</td>` +
          `<td>${escape(m.subject)}</td><td class="body">${escape(m.body)}</td></tr>`,
      )
      .join('');
    const html = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Skrzynka nadawcza (tylko w trybie deweloperskim)</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left}</style></head>
<body><h1>Skrzynka nadawcza</h1><p>Wiadomości, które wysłałby serwer (tryb deweloperski).</p>
<table><thead><tr><th>Czas</th><th>Kanał</th><th>Odbiorca</th><th>Temat</th><th>Treść</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Brak wiadomości.</td></tr>'}</tbody></table></body></html>`;
    return reply.header('cache-control', 'no-store').header('content-security-policy', policy).type('text/html; charset=utf-8').send(html);
  });
}
