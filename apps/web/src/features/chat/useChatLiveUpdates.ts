import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@pb/core';
import { useServerEvent, useSocketConnected } from '../../lib/socket';
import { chatKeys } from './api/conversations';

/**
 * Server events refresh the chat's queries: mount once for the whole guarded area
 * (the shell), so the inbox and its badge stay live on every page.
 */
export function useChatLiveUpdates(): void {
  const client = useQueryClient();
  useSocketConnected(useCallback(() => void client.invalidateQueries({ queryKey: chatKeys.all }), [client]));
  useServerEvent(
    'chat:conversation',
    useCallback(() => void client.invalidateQueries({ queryKey: chatKeys.conversations() }), [client]),
  );
  useServerEvent(
    'chat:message',
    useCallback(
      (message: ChatMessage) => void client.invalidateQueries({ queryKey: chatKeys.messages(message.chatId) }),
      [client],
    ),
  );
}
