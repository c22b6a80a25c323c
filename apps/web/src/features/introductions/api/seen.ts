import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Introduction } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { api } from '../../../lib/http';

/** POST /api/introductions/:id/seen: the company opened it (the 'Neu' badge goes). */
export function useMarkIntroductionSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Introduction }>(`/introductions/${id}/seen`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}
