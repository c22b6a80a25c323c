import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Introduction, IntroductionRequest, IntroductionStatus, Job, Pagination, Single } from '@pb/core';
import { downloadWithToken } from '../../lib/download';
import { api } from '../../lib/http';
import { useServerEvent, useSocketConnected } from '../../lib/socket';

/**
 * The introductions API pieces several features share (the advertisement profile, the chat,
 * the report dialogs, the shell's badge): keys, the caller's list, 'Kandidat vorstellen',
 * the proof download and the live updates.
 */

export const introductionKeys = {
  all: ['introductions'] as const,
  list: (params: IntroductionListParams) => ['introductions', 'list', params] as const,
  detail: (id: number) => ['introductions', 'detail', id] as const,
  unseen: ['introductions', 'unseen'] as const,
};

export interface IntroductionListParams {
  advertisement?: number | undefined;
  status?: IntroductionStatus | undefined;
  limit?: number | undefined;
}

export interface IntroductionList {
  data: Introduction[];
  meta: { pagination: Pagination & { total: number }; unseen: number };
}

function query(params: IntroductionListParams): string {
  const search = new URLSearchParams();
  if (params.advertisement !== undefined) search.set('advertisement', String(params.advertisement));
  if (params.status !== undefined) search.set('status', params.status);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/introductions: the caller's own (consultant: made; company: received), newest first. */
export function useIntroductionList(params: IntroductionListParams, enabled = true) {
  return useQuery({
    queryKey: introductionKeys.list(params),
    queryFn: ({ signal }) => api<IntroductionList>(`/introductions${query(params)}`, { signal }),
    enabled,
  });
}

/** GET /api/introductions/unseen: the company's badge. */
export function useUnseenIntroductions(enabled: boolean) {
  return useQuery({
    queryKey: introductionKeys.unseen,
    queryFn: ({ signal }) =>
      api<{ data: { count: number } }>('/introductions/unseen', { signal }).then((r) => r.data.count),
    enabled,
  });
}

export interface IntroduceInput {
  /** The request as introductionRequestSchema parsed it (the modal's check). */
  request: IntroductionRequest;
  cv: File | null;
}

/**
 * POST /api/introductions as FormData (one CV in field `cv`, the anonymised profile as one JSON
 * field `profile`) → the introduction and the 'nachrangig' notice.
 */
export function useIntroduce() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, cv }: IntroduceInput) => {
      const form = new FormData();
      form.append('advertisement', String(request.advertisement));
      form.append('firstName', request.firstName);
      form.append('lastName', request.lastName);
      form.append('email', request.email);
      if (request.phone !== undefined) form.append('phone', request.phone);
      if (request.pitch !== undefined) form.append('pitch', request.pitch);
      form.append('profile', JSON.stringify(request.profile));
      if (cv) form.append('cv', cv, cv.name);
      return api<{ data: Introduction; meta: { notice: string | null } }>('/introductions', {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}

/**
 * The fields of the anonymised profile an advertisement requires (GET /api/jobs/:id), for
 * 'Kandidat vorstellen' opened where only the advertisement's summary is at hand (the chat).
 */
export function useRequiredProfileFields(advertisementId: number | null) {
  return useQuery({
    queryKey: ['advertisement-required-profile-fields', advertisementId],
    queryFn: ({ signal }) =>
      api<Single<Job>>(`/jobs/${advertisementId ?? 0}`, { signal }).then((r) => r.data.requiredProfileFields),
    enabled: advertisementId !== null,
    staleTime: 0,
  });
}

/** 'Nachweis (PDF)' with the login token. */
export function downloadProof(id: number): Promise<void> {
  return downloadWithToken(
    `/api/introductions/${id}/proof.pdf`,
    'Der Nachweis konnte nicht geladen werden.',
    `Nachweis-Vorstellung-${id}.pdf`,
  );
}

/** Lists, details and the badge follow 'introduction:changed'; a (re)connect catches up. Mount once in the shell. */
export function useIntroductionLiveUpdates(): void {
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: introductionKeys.all }), [client]);
  useSocketConnected(refresh);
  useServerEvent(
    'introduction:changed',
    useCallback(
      (event) => {
        client.setQueryData(introductionKeys.detail(event.introduction.id), (old: { data: object } | undefined) =>
          old ? { ...old, data: { ...old.data, ...event.introduction } } : old,
        );
        refresh();
      },
      [client, refresh],
    ),
  );
}

/** One introduction of the caller's list for an advertisement (a report dialog opened for it), once loaded. */
export function useListedIntroduction(advertisementId: number, id: number | undefined): Introduction | undefined {
  const list = useIntroductionList({ advertisement: advertisementId, limit: 100 }, id !== undefined);
  return id === undefined ? undefined : list.data?.data.find((i) => i.id === id);
}
