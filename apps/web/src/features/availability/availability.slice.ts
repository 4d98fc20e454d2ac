import type { Availability } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

/** Her action as the calendar shows it: only what places and links it (spec §2 Calendar). */
export type CalendarEvent = { uuid: string; name: string; since: string; until: string };

// spec §3 persisted state: availability. Saved, so the calendar shows her blocks at once (and without a
// connection) before the reload answers. The original's remembered popup hours (9 and 16, §9) are not
// kept: the popup starts at the hour she tapped (decision 059). Type-only imports: the store is in the
// entry chunk; availability-store.ts writes it.
export type AvailabilityState = {
  /** Her blocks in the window of /availability/list (spec §9). */
  list: Availability[];
  /** Her actions in the same window (/action/list), the calendar's events. */
  events: CalendarEvent[];
};

export type AvailabilitySlice = { availability: AvailabilityState };

const initialAvailabilityState: AvailabilityState = { list: [], events: [] };

export const createAvailabilitySlice: SliceCreator<AvailabilitySlice> = () => ({
  availability: initialAvailabilityState,
});

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    availability: AvailabilitySlice;
  }
}
