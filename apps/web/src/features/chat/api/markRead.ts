import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatConversation, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { chatKeys } from './conversations';

/** PUT /api/chat-communications/:id/read: clears the caller's own unread flag (spec §4). */
export function markRead(chatId: number): Promise<Single<ChatConversation>> {
  return api<Single<ChatConversation>>(`/chat-communications/${chatId}/read`, { method: 'PUT' });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.conversations() }),
  });
}
