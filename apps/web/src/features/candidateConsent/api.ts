import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consentTokenSchema, type CandidateConsentView, type Single } from '@pb/core';
import { api } from '../../lib/http';
import { linkToken, type LinkToken } from '../../lib/linkToken';

export type { LinkToken };

/**
 * The candidate's page (issue 35) without an account: the mailed link's secret goes in the
 * request's body, never into a URL the server sees.
 */

/** The token of `/einwilligung#<token>` (lib/linkToken). */
export function pageLinkToken(): LinkToken {
  return linkToken('pb.candidateConsentToken', consentTokenSchema);
}

const consentKey = (token: string) => ['candidate-consent', token] as const;

const post = (path: string, body: Record<string, unknown>) =>
  api<Single<CandidateConsentView>>(`/candidate-consent${path}`, { method: 'POST', body }).then((r) => r.data);

/** POST /api/candidate-consent: who would introduce the candidate to whom, and what would be shared. */
export function useConsentView(token: string | null) {
  return useQuery({
    queryKey: consentKey(token ?? ''),
    queryFn: () => post('', { token }),
    enabled: token !== null,
    retry: false,
    // Another tab (or the deadline) may have answered meanwhile: the page asks again when shown again.
    staleTime: 0,
  });
}

export type ConsentAction = { kind: 'confirm'; keepLonger: boolean } | { kind: 'decline' } | { kind: 'withdraw' };

/**
 * The candidate's answer: confirm (optionally with longer keeping), decline or withdraw. The
 * answer's view replaces the page's; a refusal (already answered, expired) reloads it.
 */
export function useConsentAction(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ConsentAction) =>
      action.kind === 'confirm'
        ? post('/confirm', { token, keepLonger: action.keepLonger })
        : post(`/${action.kind}`, { token }),
    onSuccess: (view) => client.setQueryData(consentKey(token), view),
    onError: () => client.invalidateQueries({ queryKey: consentKey(token) }),
  });
}
