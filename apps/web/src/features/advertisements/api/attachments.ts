import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface Attachment {
  id: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  url: string;
}

const attachmentKey = (jobId: number) => ['job-attachments', jobId] as const;

export function useAttachments(jobId: number | null) {
  return useQuery({
    queryKey: attachmentKey(jobId ?? 0),
    queryFn: ({ signal }) => api<{ data: Attachment[] }>(`/jobs/${jobId}/attachments`, { signal }).then((r) => r.data),
    enabled: jobId !== null,
  });
}

/** POST /api/jobs/:id/attachments, multipart field "files". */
export async function uploadAttachments(jobId: number, files: readonly File[]): Promise<Attachment[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const res = await api<{ data: Attachment[] }>(`/jobs/${jobId}/attachments`, { method: 'POST', body: form });
  return res.data;
}

export function useDeleteAttachment(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => api<unknown>(`/jobs/${jobId}/attachments/${uploadId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: attachmentKey(jobId) }),
  });
}

export function useInvalidateAttachments() {
  const client = useQueryClient();
  return (jobId: number) => client.invalidateQueries({ queryKey: attachmentKey(jobId) });
}
