import type { SessionResponse, SessionUser } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

// spec §3 Session/user. The token itself is kept apart, in localStorage 'token' (lib/storage/token.ts).
export type UserState = {
  profile: SessionUser | null;
  /** The session token's uuid (the member-get-member flow sends it). */
  tokenUuid: string | null;
};

export type UserSlice = {
  user: UserState;
  setSession: (session: SessionResponse) => void;
};

const initialUserState: UserState = { profile: null, tokenUuid: null };

export const createUserSlice: SliceCreator<UserSlice> = (set) => ({
  user: initialUserState,
  setSession: (session) => set({ user: { profile: session.user, tokenUuid: session.token.uuid } }),
});

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    user: UserSlice;
  }
}
