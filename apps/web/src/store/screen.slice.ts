import type { SliceCreator } from './slice.ts';

/** The error popup of spec §2 ('Wystąpił błąd.' + description, 'Kod błędu:' + code). */
export type ErrorPopupState = { description: string; code: string | null };

/** What the whole screen shows on top of the page. */
export type ScreenState = { errorPopup: ErrorPopupState | null };

export type ScreenSlice = {
  screen: ScreenState;
  showErrorPopup: (popup: ErrorPopupState) => void;
  closeErrorPopup: () => void;
};

export const initialScreenState: ScreenState = { errorPopup: null };

export const createScreenSlice: SliceCreator<ScreenSlice> = (set) => ({
  screen: initialScreenState,
  showErrorPopup: (popup) => set((state) => ({ screen: { ...state.screen, errorPopup: popup } })),
  closeErrorPopup: () => set((state) => ({ screen: { ...state.screen, errorPopup: null } })),
});
