import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Interview, InterviewFeedback, InterviewProposal, Single } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { downloadWithToken } from '../../../lib/download';
import { api } from '../../../lib/http';

/**
 * The interviews of an introduction (issue 35). The list's key lies under the introductions' own,
 * so 'introduction:changed' (kind 'interview') and every write here refresh it together with the
 * introduction, whose stage an interview may move.
 */

export const interviewKeys = {
  list: (introductionId: number) => [...introductionKeys.all, 'interviews', introductionId] as const,
};

/** GET /api/introductions/:id/interviews: newest first, each with what the caller may do (`actions`). */
export function useInterviews(introductionId: number, enabled: boolean) {
  return useQuery({
    queryKey: interviewKeys.list(introductionId),
    queryFn: ({ signal }) =>
      api<{ data: Interview[] }>(`/introductions/${introductionId}/interviews`, { signal }).then((r) => r.data),
    enabled,
  });
}

/** A write of one interview; afterwards the introduction and its interviews are asked for anew. */
function useInterviewWrite<V>(send: (variables: V) => Promise<Single<Interview>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => send(variables).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}

/** POST /api/introductions/:id/interviews (the company): 1–5 times, duration, mode and place. */
export function useProposeInterview(introductionId: number) {
  return useInterviewWrite((proposal: InterviewProposal) =>
    api<Single<Interview>>(`/introductions/${introductionId}/interviews`, {
      method: 'POST',
      body: { data: proposal },
    }),
  );
}

/** POST /api/interviews/:id/choice (the agency): one of the proposed times. */
export function useChooseInterviewSlot() {
  return useInterviewWrite(({ id, slot }: { id: number; slot: number }) =>
    api<Single<Interview>>(`/interviews/${id}/choice`, { method: 'POST', body: { data: { slot } } }),
  );
}

/** POST /api/interviews/:id/candidate-link (the agency): the platform mails the candidate a link to choose. */
export function useSendCandidateLink() {
  return useInterviewWrite((id: number) =>
    api<Single<Interview>>(`/interviews/${id}/candidate-link`, { method: 'POST' }),
  );
}

/** PUT /api/interviews/:id (the company): another place or link for an agreed interview. */
export function useUpdateInterview() {
  return useInterviewWrite(({ id, location }: { id: number; location: string }) =>
    api<Single<Interview>>(`/interviews/${id}`, { method: 'PUT', body: { data: { location } } }),
  );
}

/** POST /api/interviews/:id/cancellation (either side): called off with a reason. */
export function useCancelInterview() {
  return useInterviewWrite(({ id, reason }: { id: number; reason: string }) =>
    api<Single<Interview>>(`/interviews/${id}/cancellation`, { method: 'POST', body: { data: { reason } } }),
  );
}

/** POST /api/interviews/:id/feedback (the company, after the interview). */
export function useInterviewFeedback() {
  return useInterviewWrite(({ id, feedback }: { id: number; feedback: InterviewFeedback }) =>
    api<Single<Interview>>(`/interviews/${id}/feedback`, { method: 'POST', body: { data: feedback } }),
  );
}

/** 'In Kalender eintragen (.ics)': the agreed interview as a calendar file, with the login token. */
export function downloadInterviewCalendar(id: number): Promise<void> {
  return downloadWithToken(
    `/api/interviews/${id}/calendar.ics`,
    'Der Kalendereintrag konnte nicht geladen werden.',
    `Interview-${id}.ics`,
  );
}
