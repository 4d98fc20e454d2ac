import { z } from 'zod';
import { ErrorData, ErrorEnvelope } from './envelope.ts';

/** 'YYYY-MM-DD HH:mm:ss' as used by the API for dates and times (spec §3, §9). */
export const DateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Oczekiwano daty w formacie RRRR-MM-DD GG:mm:ss')
  .refine(isRealDateTime, 'Taka data nie istnieje');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const twoDigits = (value: string, at: number) => (value.charCodeAt(at) - 48) * 10 + (value.charCodeAt(at + 1) - 48);

/**
 * '2026-02-31 00:00:00' has the right shape but is no date; neither is hour 25. Runs on every date of
 * every body and answer, so it reads the digits in place (issue 8) instead of building a Date; a
 * value of another shape (the regex above refuses it too) is never real.
 */
function isRealDateTime(value: string): boolean {
  if (value.length !== 19) return false;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (!(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const lastDay = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= lastDay && twoDigits(value, 11) < 24 && twoDigits(value, 14) < 60 && twoDigits(value, 17) < 60;
}
export type DateTimeString = z.infer<typeof DateTimeString>;

export const DateValue = z.object({ date: DateTimeString });

export const Uuid = z.uuid();

export const HealthResponse = z.object({
  database: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

// The probes of a load balancer or an orchestrator (decision 131), at the server's root (probePaths).
/** GET /livez: the process answers. */
export const LivenessResponse = z.object({ process: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponse>;

/**
 * GET /readyz: each check's state and nothing more. Ready (200) when the database answers, has every
 * migration this code knows, the bucket answers (BLOB_STORE=s3; 'not-used' otherwise) and the server is
 * not closing; else 503 with the same states in the error's details.
 */
export const ReadinessChecks = z.object({
  /** busy: no answer within the check's 2 s, and no error (every connection in use). */
  database: z.enum(['ok', 'busy', 'unavailable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  bucket: z.enum(['ok', 'unavailable', 'not-used']),
  closing: z.boolean(),
});
export type ReadinessChecks = z.infer<typeof ReadinessChecks>;

/** /readyz's 503: E_SERVICE_UNAVAILABLE with the checks in details. */
export const NotReadyEnvelope = ErrorEnvelope.extend({
  data: ErrorData.extend({ error: z.literal('E_SERVICE_UNAVAILABLE'), details: ReadinessChecks }),
});
export type NotReadyEnvelope = z.infer<typeof NotReadyEnvelope>;

export const VersionFile = z.object({ buildTime: z.string() });
export type VersionFile = z.infer<typeof VersionFile>;
