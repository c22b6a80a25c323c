import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { interviewChoiceTokenSchema, type CandidateInterviewView, type Single } from '@pb/core';
import { api } from '../../lib/http';

/**
 * The candidate's page to pick an interview time (issue 35), without an account: the mailed
 * link's secret goes in the request's body, never into a URL the server sees.
 */

const KEY = 'pb.interviewChoiceToken';

/** What the page found in its address: a well-formed token, a malformed one, or none at all. */
export type LinkToken = { kind: 'token'; token: string } | { kind: 'invalid' } | { kind: 'missing' };

/**
 * The token of `/termin#<token>`. It comes in the URL fragment (never sent to a server or in a
 * Referer), is taken out of the address bar and the tab's history at once and kept for this tab
 * only, so a reload does not lose it.
 */
export function linkToken(): LinkToken {
  if (typeof window === 'undefined') return { kind: 'missing' };
  const fromLink = window.location.hash.slice(1);
  let token: string | null;
  if (fromLink) {
    token = safeDecode(fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (token !== null && interviewChoiceTokenSchema.safeParse(token).success) sessionStorage.setItem(KEY, token);
  } else {
    token = sessionStorage.getItem(KEY);
  }
  if (token === null) return fromLink ? { kind: 'invalid' } : { kind: 'missing' };
  return interviewChoiceTokenSchema.safeParse(token).success ? { kind: 'token', token } : { kind: 'invalid' };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
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
