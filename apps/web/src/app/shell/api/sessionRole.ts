import { useQuery } from '@tanstack/react-query';
import { ROLE_NAMES, type AuthUser } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import { storage } from '../../../lib/storage';
import { notifySessionChanged, type Session } from '../../../lib/session';

export const sessionRoleKey = (userId: number) => ['session-role', userId] as const;

/**
 * Spec §7 "Read role name": the stored role is missing, so read the own user
 * with its role and keep the role name in storage (jwt_user_role).
 */
export async function fetchAndStoreRole(userId: number): Promise<string | null> {
  const result = await api<AuthUser[] | { data: AuthUser[] }>(
    `/users${toQuery({ filters: { id: { $eq: userId } }, populate: '*' })}`,
  );
  const users = Array.isArray(result) ? result : result.data;
  const role = users[0]?.role;
  if (!role) return null;
  const name = ROLE_NAMES[role.type] ?? role.name;
  storage.set('userRole', name);
  notifySessionChanged();
  return name;
}

/** Reads and stores the role name once when the session has none. */
export function useSessionRole(session: Session) {
  return useQuery({
    queryKey: sessionRoleKey(session.userId),
    queryFn: () => fetchAndStoreRole(session.userId),
    enabled: session.role === null && session.userId > 0,
    staleTime: Infinity,
  });
}
