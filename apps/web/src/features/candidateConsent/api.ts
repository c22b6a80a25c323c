import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consentTokenSchema, type CandidateConsentView, type Single } from '@pb/core';
import { api } from '../../lib/http';

/**
 * The candidate's page (issue 35) without an account: the mailed link's secret goes in the
 * request's body, never into a URL the server sees.
 */

const KEY = 'pb.candidateConsentToken';

/** What the page found in its address: a well-formed token, a malformed one, or none at all. */
export type LinkToken = { kind: 'token'; token: string } | { kind: 'invalid' } | { kind: 'missing' };

/**
 * The token of `/einwilligung#<token>`. It comes in the URL fragment (never sent to a server or in
 * a Referer), is taken out of the address bar and the tab's history at once and kept for this tab
 * only, so a reload (or the skip link's own fragment) does not lose it.
 */
export function linkToken(): LinkToken {
  if (typeof window === 'undefined') return { kind: 'missing' };
  const fromLink = window.location.hash.slice(1);
  let token: string | null;
  if (fromLink) {
    token = safeDecode(fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (token !== null && consentTokenSchema.safeParse(token).success) sessionStorage.setItem(KEY, token);
  } else {
    token = sessionStorage.getItem(KEY);
  }
  if (token === null) return fromLink ? { kind: 'invalid' } : { kind: 'missing' };
  return consentTokenSchema.safeParse(token).success ? { kind: 'token', token } : { kind: 'invalid' };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
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
