import { z } from 'zod';

// Response envelope of spec §7: success reads status.success and data; failure reads data.error and meta.ts.
export const Meta = z.object({ ts: z.string() });
export type Meta = z.infer<typeof Meta>;

export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

export const ErrorData = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ErrorData = z.infer<typeof ErrorData>;

export const ErrorEnvelope = z.object({
  status: z.object({ success: z.literal(false) }),
  data: ErrorData,
  meta: Meta,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** `meta`: a route's own meta when it carries more than ts (the route table's `meta`, /lead/register's bc). */
export function successEnvelope<T extends z.ZodType, M extends z.ZodType = typeof Meta>(data: T, meta?: M) {
  return z.object({
    status: z.object({ success: z.literal(true) }),
    data,
    meta: meta ?? Meta,
  });
}

export type SuccessEnvelope<T> = { status: { success: true }; data: T; meta: Meta };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** An empty data object, for calls that answer only with success. */
export const Empty = z.object({});
