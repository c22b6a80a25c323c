import { DEVICE_ID_PATTERN } from '@pb/core';
import { storage } from './storage';

/**
 * This browser's own random id, sent with a sign-in so the server tells a known device from a
 * new one (a new one gets the owner a mail; decision 0028). Not a tracking id: it is random, kept
 * only here, and the server stores only its hash.
 */
export function deviceId(): string {
  const stored = storage.get('deviceId');
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  storage.set('deviceId', id);
  return id;
}
