import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Introduction } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { api } from '../../../lib/http';

/** POST /api/introductions/:id/already-known as FormData: the note and an optional document in field `file`. */
export function useDeclareAlreadyKnown(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ note, file }: { note: string; file: File | null }) => {
      const form = new FormData();
      form.append('note', note);
      if (file) form.append('file', file, file.name);
      return api<{ data: Introduction }>(`/introductions/${id}/already-known`, { method: 'POST', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: introductionKeys.all }),
  });
}
