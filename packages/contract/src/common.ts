import { z } from 'zod';

/** 'YYYY-MM-DD HH:mm:ss' as used by the API for dates and times (spec §3, §9). */
export const DateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Oczekiwano daty w formacie RRRR-MM-DD GG:mm:ss')
  .refine(isRealDateTime, 'Taka data nie istnieje');

/** '2026-02-31 00:00:00' has the right shape but is no date; neither is hour 25. */
function isRealDateTime(value: string): boolean {
  const [date, time] = value.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d && hh < 24 && mm < 60 && ss < 60;
}
export type DateTimeString = z.infer<typeof DateTimeString>;

export const DateValue = z.object({ date: DateTimeString });

export const Uuid = z.uuid();

export const HealthResponse = z.object({
  database: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const VersionFile = z.object({ buildTime: z.string() });
export type VersionFile = z.infer<typeof VersionFile>;
