import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationChannel,
  NotificationEvent,
  NotificationKind,
  NotificationList,
  NotificationSettings,
} from '@pb/core';
import { api } from '../../lib/http';
import { useServerEvent, useSocketConnected } from '../../lib/socket';

/** The notification centre (issue 13): the bell's list and count, read marks, settings. */

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => api<{ data: NotificationList }>('/notifications', { signal }),
    enabled,
  });
}

/** Keeps the bell live: `notification:new` prepends the entry and sets the count; a reconnect reloads. */
export function useNotificationLiveUpdates(): void {
  const client = useQueryClient();
  const onEvent = useCallback(
    (event: NotificationEvent) => {
      client.setQueryData<{ data: NotificationList }>(notificationKeys.list, (old) => {
        if (!old) return old;
        const items = event.notification
          ? [event.notification, ...old.data.items.filter((n) => n.id !== event.notification!.id)]
          : old.data.items;
        return { data: { items, unread: event.unread } };
      });
      // An entry read in another tab: the list's read marks follow.
      if (!event.notification) void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
    [client],
  );
  useServerEvent('notification:new', onEvent);
  useSocketConnected(useCallback(() => void client.invalidateQueries({ queryKey: notificationKeys.list }), [client]));
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api<{ data: { unread: number } }>(id === 'all' ? '/notifications/read-all' : `/notifications/${id}/read`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => api<{ data: NotificationSettings }>('/notification-settings', { signal }),
  });
}

export function useSaveNotificationSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: NotificationKind; channel: NotificationChannel }) =>
      api<{ data: NotificationSettings }>('/notification-settings', {
        method: 'PUT',
        body: { data: { [change.kind]: change.channel } },
      }),
    onSuccess: (result) => client.setQueryData(notificationKeys.settings, result),
  });
}
