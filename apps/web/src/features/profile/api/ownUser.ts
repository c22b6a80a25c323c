import { useQuery } from '@tanstack/react-query';
import type { OwnUser } from '@pb/core';
import { api } from '../../../lib/http';

export const ownUserKey = (userId: number) => ['users', 'me', userId] as const;

/** GET /api/users/me: the own account with profile fields. */
export function fetchOwnUser(): Promise<OwnUser> {
  return api<OwnUser>('/users/me');
}

export function useOwnUser(userId: number) {
  return useQuery({
    queryKey: ownUserKey(userId),
    queryFn: fetchOwnUser,
    staleTime: 0,
  });
}
