import { z } from 'zod';

/** 'YYYY-MM-DD HH:mm:ss' as used by the API for dates and times (spec §3, §9). */
export const DateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Oczekiwano daty w formacie RRRR-MM-DD GG:mm:ss');
export type DateTimeString = z.infer<typeof DateTimeString>;

export const DateValue = z.object({ date: DateTimeString });

export const Uuid = z.uuid();

export const HealthResponse = z.object({
  database: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const VersionFile = z.object({ buildTime: z.string() });
export type VersionFile = z.infer<typeof VersionFile>;
