/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; '/api' (same origin) when not set. */
  readonly VITE_API_BASE_URL?: string;
  /** The server's APP_TIMEZONE, in which "today" is counted; 'Europe/Warsaw' when not set. */
  readonly VITE_APP_TIMEZONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The build's timestamp (vite.config.ts `define`): the app build id on the fatal-error screen. */
declare const __APP_BUILD_TIME__: string;
