import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobAttachment } from '@pb/core';
import { api } from '../../../lib/http';

export const attachmentKeys = {
  of: (jobId: number) => ['job-attachments', jobId] as const,
};

/** GET /api/jobs/:id/attachments: the advertisement's documents. */
export function fetchAttachments(jobId: number, signal?: AbortSignal): Promise<JobAttachment[]> {
  return api<{ data: JobAttachment[] }>(`/jobs/${jobId}/attachments`, { signal }).then((r) => r.data);
}

export function useAttachments(jobId: number | null) {
  return useQuery({
    queryKey: attachmentKeys.of(jobId ?? 0),
    queryFn: ({ signal }) => fetchAttachments(jobId ?? 0, signal),
    enabled: jobId !== null,
  });
}

/** POST /api/jobs/:id/attachments, multipart field "files". */
export async function uploadAttachments(jobId: number, files: readonly File[]): Promise<JobAttachment[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const res = await api<{ data: JobAttachment[] }>(`/jobs/${jobId}/attachments`, { method: 'POST', body: form });
  return res.data;
}

export function useUploadAttachments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, files }: { jobId: number; files: readonly File[] }) => uploadAttachments(jobId, files),
    onSuccess: (_files, { jobId }) => {
      void client.invalidateQueries({ queryKey: attachmentKeys.of(jobId) });
    },
  });
}

/** DELETE /api/jobs/:id/attachments/:uploadId. */
export function deleteAttachment(jobId: number, uploadId: number): Promise<unknown> {
  return api<unknown>(`/jobs/${jobId}/attachments/${uploadId}`, { method: 'DELETE' });
}

export function useDeleteAttachment(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => deleteAttachment(jobId, uploadId),
    onSuccess: () => client.invalidateQueries({ queryKey: attachmentKeys.of(jobId) }),
  });
}
