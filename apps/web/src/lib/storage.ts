import { STORAGE_KEYS } from '@pb/core';

/** Browser storage keys of spec §3, in one place. */
export const storage = {
  get token(): string | null {
    return localStorage.getItem(STORAGE_KEYS.token);
  },
  clearToken(): void {
    localStorage.removeItem(STORAGE_KEYS.token);
  },
  get(key: keyof typeof STORAGE_KEYS): string | null {
    return localStorage.getItem(STORAGE_KEYS[key]);
  },
  set(key: keyof typeof STORAGE_KEYS, value: string | number): void {
    localStorage.setItem(STORAGE_KEYS[key], String(value));
  },
  remove(key: keyof typeof STORAGE_KEYS): void {
    localStorage.removeItem(STORAGE_KEYS[key]);
  },
  /** Logout: spec §4 "clears all local storage" — but the device id, which tells the server a known device. */
  clearAll(): void {
    const deviceId = localStorage.getItem(STORAGE_KEYS.deviceId);
    localStorage.clear();
    if (deviceId) localStorage.setItem(STORAGE_KEYS.deviceId, deviceId);
  },
};
