/** Every key the app keeps in the browser's storage, in one place (spec §3, §4). */
export const STORAGE_KEYS = {
  /** localStorage: the session token of the logged-in promoter (spec §6). */
  token: 'token',
  /** localStorage: the persisted app state (zustand persist, spec §3). */
  appState: 'promotorState',
  /** localStorage: 'granted' | 'denied' | 'prompt' (spec §2 Login, §4 Other). */
  geolocationPermission: 'geolocationPermission',
  /** sessionStorage: buildTime from /version.json, fetched at start (spec §4 Other). */
  buildTime: 'buildTime',
} as const;
