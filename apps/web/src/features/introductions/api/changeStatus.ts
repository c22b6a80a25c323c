import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Introduction, IntroductionStatus, RejectionReason } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { api } from '../../../lib/http';

export interface StageChange {
  id: number;
  status: IntroductionStatus;
  reason?: string;
  /** A rejection's reason from the catalogue (issue 35). */
  reasonCategory?: RejectionReason;
}

/** POST /api/introductions/:id/status (the company): a stage, 'abgesagt' with its reason and its catalogue reason. */
export function useMoveIntroduction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: StageChange) =>
      api<{ data: Introduction }>(`/introductions/${id}/status`, { method: 'POST', body: { data: change } }),
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}

/** POST /api/introductions/:id/status/undo: takes back the last move within the selection ('Rückgängig'). */
export function useUndoIntroductionMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Introduction }>(`/introductions/${id}/status/undo`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}
