import { useEffect } from 'react';
import { startAndroidLocationTracking } from './android-location.ts';
import { startLocationTracking } from './location-tracking.ts';

/**
 * Tracks the given action while it is set; stops when it becomes null or changes. Inside an Android
 * wrapper that can track, its foreground service does it; otherwise the page's own timers.
 */
export function useLocationTracking(actionUuid: string | null): void {
  useEffect(() => {
    if (!actionUuid) return;
    return startAndroidLocationTracking(actionUuid) ?? startLocationTracking(actionUuid);
  }, [actionUuid]);
}
