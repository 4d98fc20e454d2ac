import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: availability; §9: the initial state's hours are 9 and 16.
export type AvailabilityState = {
  list: unknown[];
  fromHour: number;
  toHour: number;
};

export type AvailabilitySlice = { availability: AvailabilityState };

const initialAvailabilityState: AvailabilityState = { list: [], fromHour: 9, toHour: 16 };

export const createAvailabilitySlice: SliceCreator<AvailabilitySlice> = () => ({
  availability: initialAvailabilityState,
});
