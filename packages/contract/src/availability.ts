import { z } from 'zod';
import { DateTimeString, DateValue } from './common.ts';

// spec §3 Availability; §7 /availability/*. Times are the API's wall clock 'YYYY-MM-DD HH:mm:ss'.
const Ref = z.object({ uuid: z.string().min(1).max(64) });

export const Availability = z.object({ uuid: z.string(), since: DateValue, until: DateValue });
export type Availability = z.infer<typeof Availability>;

const Range = z.object({ since: DateTimeString, until: DateTimeString });

// /availability/list: since today, until the end of the month two months ahead (§9).
export const AvailabilityListBody = z.object({ availability: Range });
export type AvailabilityListBody = z.infer<typeof AvailabilityListBody>;
export const AvailabilityListResponse = z.object({ availability: z.array(Availability) });
export type AvailabilityListResponse = z.infer<typeof AvailabilityListResponse>;

// /availability/create: one block within one day, 06:00–22:00, not in the past, not overlapping hers.
export const AvailabilityCreateBody = z.object({ availability: Range });
export type AvailabilityCreateBody = z.infer<typeof AvailabilityCreateBody>;
export const AvailabilityResponse = z.object({ availability: Availability });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

// /availability/update (ours, decision 057): 'Zapisz' moves a block in one step, under the create rules.
export const AvailabilityUpdateBody = z.object({ availability: Range.extend({ uuid: Ref.shape.uuid }) });
export type AvailabilityUpdateBody = z.infer<typeof AvailabilityUpdateBody>;

// /availability/delete
export const AvailabilityDeleteBody = z.object({ availability: Ref });
export type AvailabilityDeleteBody = z.infer<typeof AvailabilityDeleteBody>;
