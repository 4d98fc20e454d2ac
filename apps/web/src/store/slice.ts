import type { StateCreator } from 'zustand';
import type { AppState } from './app-store.ts';

/** A slice of the one app store (zustand "slices" pattern), written against the whole state. */
export type SliceCreator<T> = StateCreator<AppState, [['zustand/persist', unknown]], [], T>;
