import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_PAGE_SIZE, type ChatConversation, type ChatFile, type ChatMessage, type Single } from '@pb/core';
import { api } from '../../lib/http';
import { downloadWithToken } from '../../lib/download';
import { chatKeys } from '../../lib/realtime';

interface MessagePage {
  data: ChatMessage[];
  meta: { limit: number; hasMore: boolean };
}

/** Messages of one conversation; pages go back in time (`before` cursor). */
export function useMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    enabled: chatId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api<MessagePage>(
        `/chat-communications/${chatId}/messages?limit=${CHAT_MESSAGE_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
      ),
    getNextPageParam: (last) => (last.meta.hasMore ? last.data[0]?.messageId : undefined),
    staleTime: 60_000,
  });
}

/** Sends text (JSON) or text plus documents (multipart). */
export function useSendMessage(chatId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files?: readonly File[] }) => {
      if (files && files.length > 0) {
        const form = new FormData();
        form.append('message', message);
        for (const file of files) form.append('files', file, file.name);
        return api<Single<ChatMessage>>(`/chat-communications/${chatId}/messages`, { method: 'POST', body: form });
      }
      return api<Single<ChatMessage>>(`/chat-communications/${chatId}/messages`, { method: 'POST', body: { message } });
    },
    onSuccess: () => {
      if (chatId === null) return;
      void client.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
      void client.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}

/** Clears the caller's own unread flag (spec §4: opening a conversation). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) =>
      api<Single<ChatConversation>>(`/chat-communications/${chatId}/read`, { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.conversations() }),
  });
}

/** Downloads a chat file with the bearer token (plain links cannot carry it) under its original name. */
export function downloadChatFile(file: ChatFile): Promise<void> {
  return downloadWithToken(file.url, 'Die Datei konnte nicht geladen werden.', file.name);
}
