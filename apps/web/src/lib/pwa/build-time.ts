import { writeSession } from '../storage/browser-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';

/** spec §4 Other: at start, fetch /version.json and keep its buildTime in sessionStorage. */
export async function recordServerBuildTime(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const response = await fetchImpl('/version.json', { cache: 'no-store' });
    if (!response.ok) return;
    const body = (await response.json()) as { buildTime?: unknown };
    if (typeof body.buildTime === 'string') writeSession(STORAGE_KEYS.buildTime, body.buildTime);
  } catch {
    // Offline start: nothing to record.
  }
}

/** The id of the build running in this tab (vite.config.ts). */
export const APP_BUILD_ID: string = __APP_BUILD_TIME__;
