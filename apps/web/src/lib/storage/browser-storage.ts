// Storage can be missing or throw (private mode, a WebView with DOM storage off, a full quota);
// the app then works for the current visit instead of failing.

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not kept; see above.
  }
}

function remove(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export const readLocal = (key: string) => read(local(), key);
export const writeLocal = (key: string, value: string) => write(local(), key, value);
export const removeLocal = (key: string) => remove(local(), key);
export const readSession = (key: string) => read(session(), key);
export const writeSession = (key: string, value: string) => write(session(), key, value);

/** Forgets everything this origin stored: the fatal-error screen's way out. */
export function clearAllStorage(): void {
  try {
    local()?.clear();
  } catch {
    // ignore
  }
  try {
    session()?.clear();
  } catch {
    // ignore
  }
}
