import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type {
  ChatClientEvents,
  ChatConversation,
  ChatMessage,
  ChatServerEvents,
  Collection,
  PlacementReportedEvent,
} from '@pb/core';
import { api } from './http';
import { useSession } from './session';

/**
 * Live chat state: one Socket.IO connection per tab (JWT in the handshake),
 * shared by the shell's unread badge and the chat page. Server events
 * invalidate the TanStack queries under ['chat-communications'].
 */

export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

/** Query keys of the chat (other features invalidate the prefix after starting a conversation). */
export const chatKeys = {
  all: ['chat-communications'] as const,
  conversations: () => ['chat-communications', 'list'] as const,
  messages: (id: number) => ['chat-communications', id, 'messages'] as const,
};

export function fetchConversations(): Promise<Collection<ChatConversation>> {
  return api<Collection<ChatConversation>>('/chat-communications?pagination[limit]=500');
}

type MessageListener = (message: ChatMessage) => void;
type PlacementListener = (event: PlacementReportedEvent) => void;

let socket: ChatSocket | null = null;
let socketToken: string | null = null;
let users = 0;
const messageListeners = new Set<MessageListener>();
const placementListeners = new Set<PlacementListener>();

function connect(token: string, client: QueryClient): ChatSocket {
  if (socket && socketToken === token) return socket;
  socket?.close();
  socketToken = token;
  const s: ChatSocket = io({ auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
  s.on('connect', () => {
    // Catch up on whatever happened while disconnected.
    void client.invalidateQueries({ queryKey: chatKeys.all });
    // …including placement reports on the company's ads (they deactivate ads).
    void client.invalidateQueries({ queryKey: ['placement-reports'] });
  });
  // A handshake refused while the server's database is away ('unavailable') is not
  // retried by socket.io-client on its own (only transport drops are): try again
  // with a growing, bounded delay. 'unauthorized' stays final (the session ended).
  let retryDelayMs = 2_000;
  s.on('connect_error', (error) => {
    if (error.message !== 'unavailable' || s.active) return;
    setTimeout(() => {
      if (socket === s && !s.connected) s.connect();
    }, retryDelayMs);
    retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
  });
  s.on('connect', () => {
    retryDelayMs = 2_000;
  });
  s.on('chat:conversation', () => {
    void client.invalidateQueries({ queryKey: chatKeys.conversations() });
  });
  s.on('chat:message', (message) => {
    void client.invalidateQueries({ queryKey: chatKeys.messages(message.chatId) });
    messageListeners.forEach((l) => l(message));
  });
  // A consultant reported a placement on one of the company's ads (decision 0015): it went inactive.
  s.on('placement:reported', (event) => {
    void client.invalidateQueries({ queryKey: ['jobs'] });
    void client.invalidateQueries({ queryKey: ['placement-reports'] });
    placementListeners.forEach((l) => l(event));
  });
  socket = s;
  return s;
}

function release(): void {
  users -= 1;
  if (users <= 0 && socket) {
    socket.close();
    socket = null;
    socketToken = null;
    users = 0;
  }
}

/** Keeps the tab's socket open while a component using it is mounted (and logged in). */
export function useChatConnection(): void {
  const session = useSession();
  const client = useQueryClient();
  const token = session && (session.role === 'company' || session.role === 'consultant') ? session.token : null;
  useEffect(() => {
    if (!token) return;
    users += 1;
    connect(token, client);
    return release;
  }, [token, client]);
}

/** Calls `listener` for every chat message this tab receives. */
export function useChatMessages(listener: MessageListener): void {
  useEffect(() => {
    messageListeners.add(listener);
    return () => {
      messageListeners.delete(listener);
    };
  }, [listener]);
}

/** Calls `listener` when a consultant reports a placement on one of the company's advertisements. */
export function usePlacementReported(listener: PlacementListener): void {
  useEffect(() => {
    placementListeners.add(listener);
    return () => {
      placementListeners.delete(listener);
    };
  }, [listener]);
}

/** The caller's conversations (live). */
export function useConversations(enabled = true) {
  const session = useSession();
  const participant = session?.role === 'company' || session?.role === 'consultant';
  useChatConnection();
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: fetchConversations,
    enabled: enabled && participant,
    staleTime: 60_000,
  });
}

/** Number of conversations with the caller's own unread flag set (shell menu badge). */
export function useUnreadConversationCount(): number {
  const conversations = useConversations();
  return conversations.data?.data.filter((c) => c.unread).length ?? 0;
}
