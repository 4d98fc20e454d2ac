// The Android wrapper injects a JavaScript bridge into its WebView (docs/android-wrapper.md).

/** What the wrapper adds to window (android.webkit.WebView#addJavascriptInterface). */
export type PromotorAndroidBridge = {
  /** The wrapper app's version name, e.g. '2.4.1'. */
  getAppVersion?: () => string;
};

declare global {
  interface Window {
    PromotorAndroid?: PromotorAndroidBridge;
  }
}

/** The wrapper's app version, or null outside the wrapper or when the bridge fails. */
export function readAndroidAppVersion(): string | null {
  try {
    const version = window.PromotorAndroid?.getAppVersion?.();
    return typeof version === 'string' && version.trim() !== '' ? version.trim() : null;
  } catch {
    return null;
  }
}

/** True inside the Android wrapper: its bridge is there, or the user agent is an Android WebView ('; wv)'). */
export function isAndroidWrapper(): boolean {
  return window.PromotorAndroid !== undefined || navigator.userAgent.includes('; wv)');
}
