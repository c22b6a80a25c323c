import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { interviewChoiceTokenSchema, type CandidateInterviewView, type Single } from '@pb/core';
import { api } from '../../lib/http';
import { linkToken, type LinkToken } from '../../lib/linkToken';

export type { LinkToken };

/**
 * The candidate's page to pick an interview time (issue 35), without an account: the mailed
 * link's secret goes in the request's body, never into a URL the server sees.
 */

/** The token of `/termin#<token>` (lib/linkToken). */
export function pageLinkToken(): LinkToken {
  return linkToken('pb.interviewChoiceToken', interviewChoiceTokenSchema);
}

const viewKey = (token: string) => ['interview-choice', token] as const;

const post = (path: string, body: Record<string, unknown>) =>
  api<Single<CandidateInterviewView>>(`/interview-choice${path}`, { method: 'POST', body }).then((r) => r.data);

/** POST /api/interview-choice: company, position, agency, how and where, and the times still ahead. */
export function useInterviewChoiceView(token: string | null) {
  return useQuery({
    queryKey: viewKey(token ?? ''),
    queryFn: () => post('', { token }),
    enabled: token !== null,
    retry: false,
    // The agency (or the company) may have chosen or cancelled meanwhile: asked again when shown again.
    staleTime: 0,
  });
}

/**
 * POST /api/interview-choice/choose: the candidate's time. Its view replaces the page's; a refusal
 * (chosen meanwhile, cancelled, passed) reloads it.
 */
export function useChooseInterviewTime(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slot: number) => post('/choose', { token, slot }),
    onSuccess: (view) => client.setQueryData(viewKey(token), view),
    onError: () => client.invalidateQueries({ queryKey: viewKey(token) }),
  });
}
