import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/kysely.ts';
import { parseOutboxHeader, type PhoneOutboxReport } from './phone-outbox-header.ts';
import { recordPhoneSeen } from './phone-outbox.repository.ts';

// What is still on the phones (issue 25, decision 091): every call of a signed-in promoter says her
// phone was seen, and its X-Outbox header what waits in its outbox. Written after the answer has gone
// (onResponse), so it never slows or fails her call; and at most once a minute per promoter on this
// instance unless the report changes, so the hot path (location pings, lists) stays one write lighter.
// With several instances each writes at most once a minute; the row itself is the truth they share.

/** A promoter's row is written again after this long even when nothing changed: her "last seen". */
export const PHONE_WRITE_INTERVAL_MS = 60_000;
/** The throttle's memory is dropped past this many promoters (it only saves writes). */
const REMEMBERED_MAX = 50_000;

type Written = { at: number; count: number | null; oldestAt: string | null };

type Options = { db: Db; now: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    /** The writes of the answers sent so far: shutdown waits for them, and tests read the row after them. */
    phoneReports: { settled: () => Promise<void> };
  }
}

/** Whether this call's report must be written, given what this instance wrote last for her. */
export function needsWrite(last: Written | undefined, report: PhoneOutboxReport | null, now: number): boolean {
  if (!last || now - last.at >= PHONE_WRITE_INTERVAL_MS) return true;
  return report !== null && (report.count !== last.count || report.oldestAt !== last.oldestAt);
}

export const phoneOutboxPlugin = fp(
  async (app: FastifyInstance, { db, now }: Options) => {
    const written = new Map<string, Written>();
    const pending = new Set<Promise<void>>();

    const record = async (request: FastifyRequest, userId: string) => {
      const at = now();
      const report = parseOutboxHeader(request.headers['x-outbox'], at);
      const last = written.get(userId);
      if (!needsWrite(last, report, at.getTime())) return;
      if (written.size >= REMEMBERED_MAX) written.clear();
      // Remembered before the write, so her next calls do not queue the same write meanwhile.
      written.set(userId, {
        at: at.getTime(),
        count: report ? report.count : (last?.count ?? null),
        oldestAt: report ? report.oldestAt : (last?.oldestAt ?? null),
      });
      try {
        await recordPhoneSeen(db, userId, at.toISOString(), report);
      } catch (error) {
        // Tried again with her next call.
        written.delete(userId);
        request.log.warn({ err: error, userId }, 'could not record what her phone reported');
      }
    };

    app.addHook('onResponse', (request, _reply, done) => {
      const userId = request.caller?.userId;
      if (userId) {
        const write = record(request, userId).finally(() => pending.delete(write));
        pending.add(write);
      }
      done();
    });
    const settled = async () => {
      // onResponse runs once the answer is out, which can be just after its sender has it.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...pending]);
    };
    app.decorate('phoneReports', { settled });
    // A graceful shutdown lets the last writes finish before the database closes.
    app.addHook('onClose', settled);
  },
  { name: 'phone-outbox' },
);
