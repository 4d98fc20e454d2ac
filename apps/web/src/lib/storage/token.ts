import { readLocal, removeLocal, writeLocal } from './browser-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

// The login token is kept in localStorage on its own, apart from the app state (spec §3, §6).
export const readToken = (): string | null => readLocal(STORAGE_KEYS.token) || null;
export const saveToken = (token: string): void => writeLocal(STORAGE_KEYS.token, token);
export const removeToken = (): void => removeLocal(STORAGE_KEYS.token);
