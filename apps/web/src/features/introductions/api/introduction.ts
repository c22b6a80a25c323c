import { useQuery } from '@tanstack/react-query';
import type { IntroductionDetail } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { api } from '../../../lib/http';

/** GET /api/introductions/:id: one introduction with its register timeline (parties and admins). */
export function useIntroduction(id: number) {
  return useQuery({
    queryKey: introductionKeys.detail(id),
    queryFn: ({ signal }) => api<{ data: IntroductionDetail }>(`/introductions/${id}`, { signal }),
  });
}
