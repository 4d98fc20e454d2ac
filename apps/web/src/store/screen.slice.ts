import type { SessionEndCode } from '../lib/api-client.ts';
import type { SliceCreator } from './slice.ts';

/** The error popup of spec §2 ('Wystąpił błąd.' + description, 'Kod błędu:' + code). */
export type ErrorPopupState = { description: string; code: string | null };

/** What the whole screen shows on top of the page. */
export type ScreenState = {
  errorPopup: ErrorPopupState | null;
  /**
   * The server's answer that ended her session (spec §8): the login page says which, until the next
   * login (docs/decisions/044-session-end.md).
   */
  sessionEnd: SessionEndCode | null;
};

export type ScreenSlice = {
  screen: ScreenState;
  showErrorPopup: (popup: ErrorPopupState) => void;
  closeErrorPopup: () => void;
  setSessionEnd: (reason: SessionEndCode | null) => void;
};

const initialScreenState: ScreenState = { errorPopup: null, sessionEnd: null };

export const createScreenSlice: SliceCreator<ScreenSlice> = (set) => ({
  screen: initialScreenState,
  showErrorPopup: (popup) => set((state) => ({ screen: { ...state.screen, errorPopup: popup } })),
  closeErrorPopup: () => set((state) => ({ screen: { ...state.screen, errorPopup: null } })),
  setSessionEnd: (sessionEnd) => set((state) => ({ screen: { ...state.screen, sessionEnd } })),
});
