import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_PAGE_SIZE, type ChatMessage, type ChatMessagePage, type Single } from '@pb/core';
import { api } from '../../../lib/http';
import { chatKeys } from './conversations';

/** GET /api/chat-communications/:id/messages; pages go back in time (`before` cursor). */
export function fetchMessages(chatId: number, before: number | undefined): Promise<ChatMessagePage> {
  return api<ChatMessagePage>(
    `/chat-communications/${chatId}/messages?limit=${CHAT_MESSAGE_PAGE_SIZE}${before ? `&before=${before}` : ''}`,
  );
}

/** Messages of one conversation. */
export function useMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    enabled: chatId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => fetchMessages(chatId ?? 0, pageParam),
    getNextPageParam: (last) => (last.meta.hasMore ? last.data[0]?.messageId : undefined),
    staleTime: 60_000,
  });
}

/** POST /api/chat-communications/:id/messages: text (JSON) or text plus documents (multipart). */
export function sendMessage(chatId: number, message: string, files?: readonly File[]): Promise<Single<ChatMessage>> {
  if (files && files.length > 0) {
    const form = new FormData();
    form.append('message', message);
    for (const file of files) form.append('files', file, file.name);
    return api<Single<ChatMessage>>(`/chat-communications/${chatId}/messages`, { method: 'POST', body: form });
  }
  return api<Single<ChatMessage>>(`/chat-communications/${chatId}/messages`, { method: 'POST', body: { message } });
}

export function useSendMessage(chatId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files?: readonly File[] }) =>
      sendMessage(chatId ?? 0, message, files),
    onSuccess: () => {
      if (chatId === null) return;
      void client.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
      void client.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
