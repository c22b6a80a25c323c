import { useSyncExternalStore } from 'react';
import {
  activeMembershipSchema,
  ROLE_NAMES,
  roleTypeFromName,
  sideOf,
  type ActiveMembership,
  type LoginResponse,
  type RoleType,
} from '@pb/core';
import { storage } from './storage';

/**
 * The logged-in user as the browser keeps it (spec §3 storage keys). The server
 * re-checks everything; this only drives what the UI shows.
 */
export interface Session {
  token: string;
  userId: number;
  username: string;
  email: string;
  role: RoleType | null;
  /** The organisation the session acts for and the member's role in it (issue 31). */
  organisation: ActiveMembership | null;
}

function storedOrganisation(text: string | null): ActiveMembership | null {
  if (!text) return null;
  try {
    const parsed = activeMembershipSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { key: string; value: Session | null } = { key: '', value: null };

function read(): Session | null {
  const token = storage.token;
  const key = [
    token,
    storage.get('userId'),
    storage.get('user'),
    storage.get('userEmail'),
    storage.get('userRole'),
    storage.get('organisation'),
  ].join('|');
  if (key === cached.key) return cached.value;
  const value: Session | null = token
    ? {
        token,
        userId: Number(storage.get('userId') ?? 0),
        username: storage.get('user') ?? '',
        email: storage.get('userEmail') ?? '',
        role: roleTypeFromName(storage.get('userRole') ?? ''),
        organisation: storedOrganisation(storage.get('organisation')),
      }
    : null;
  cached = { key, value };
  return value;
}

export function notifySessionChanged(): void {
  listeners.forEach((l) => l());
}

export function getSession(): Session | null {
  return read();
}

/** Stores a successful login (spec §4 Login: "success stores session data"). */
export function saveLogin(response: LoginResponse): void {
  storage.set('token', response.jwt);
  saveUser(response.user);
}

/** Updates the stored user fields after a profile save. */
export function saveUser(
  user: Pick<LoginResponse['user'], 'id' | 'username' | 'email' | 'role' | 'organisation'>,
): void {
  storage.set('userId', user.id);
  storage.set('user', user.username);
  storage.set('userEmail', user.email);
  // The description moved to the organisation's public profile (issue 31): no stale copy stays.
  storage.remove('userDescription');
  // A member acts for the side of the organisation the session has chosen.
  storage.set('userRole', ROLE_NAMES[user.organisation ? sideOf(user.organisation.kind) : user.role.type]);
  storage.set('organisation', JSON.stringify(user.organisation ?? null));
  notifySessionChanged();
}

/**
 * Signing out: ends this session on the server (its token stops working at once, decision
 * 0028), then clears the browser's storage. The server call is best effort — offline, the
 * token still ends at its expiry and the sessions page can sign it out.
 */
export function signOut(): void {
  const token = storage.token;
  if (token) {
    void fetch('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  }
  clearSession();
}

/** Logout: clears all local storage (spec §4). */
export function clearSession(): void {
  storage.clearAll();
  notifySessionChanged();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
