import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/**
 * 'Unternehmen kontaktieren': POST /api/chat-communications as FormData
 * (advertisement, message, files 0..5) → the new conversation's id.
 */
export function useContactCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      advertisement,
      message,
      files,
    }: {
      advertisement: number;
      message: string;
      files: readonly File[];
    }) => {
      const form = new FormData();
      form.append('advertisement', String(advertisement));
      form.append('message', message);
      for (const file of files) form.append('files', file, file.name);
      return api<{ data: { id: number } }>('/chat-communications', { method: 'POST', body: form }).then((r) => r.data);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['chat-communications'] }),
  });
}
