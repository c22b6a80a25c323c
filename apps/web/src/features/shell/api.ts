import { ROLE_NAMES, type AuthUser } from '@pb/core';
import { api, toQuery } from '../../lib/http';
import { storage } from '../../lib/storage';
import { notifySessionChanged } from '../../lib/session';

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
