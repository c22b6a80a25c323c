import { useQuery } from '@tanstack/react-query';
import type { ChatConversation, Collection, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useSocketConnection } from '../../../lib/socket';

/** Query keys of the chat; the live updates and every chat mutation invalidate under `all`. */
export const chatKeys = {
  all: ['chat-communications'] as const,
  conversations: () => ['chat-communications', 'list'] as const,
  conversation: (id: number | null) => ['chat-communications', id, 'single'] as const,
  messages: (id: number) => ['chat-communications', id, 'messages'] as const,
};

/** GET /api/chat-communications: the caller's conversations. */
export function fetchConversations(): Promise<Collection<ChatConversation>> {
  return api<Collection<ChatConversation>>('/chat-communications?pagination[limit]=500');
}

/** The caller's conversations (live while mounted). */
export function useConversations(enabled = true) {
  const session = useSession();
  const participant = session?.role === 'company' || session?.role === 'consultant';
  useSocketConnection();
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: fetchConversations,
    enabled: enabled && participant,
    staleTime: 60_000,
  });
}

/** Number of conversations with the caller's own unread flag set (the menu's badge). */
export function useUnreadConversationCount(): number {
  const conversations = useConversations();
  return conversations.data?.data.filter((c) => c.unread).length ?? 0;
}

/** GET /api/chat-communications/:id: one conversation not (yet) in the loaded list. */
export function fetchConversation(id: number): Promise<ChatConversation> {
  return api<Single<ChatConversation>>(`/chat-communications/${id}`).then((r) => r.data);
}

export function useConversation(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.conversation(id),
    queryFn: () => fetchConversation(id ?? 0),
    enabled: id !== null && enabled,
  });
}
