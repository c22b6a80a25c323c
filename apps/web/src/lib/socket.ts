import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import type { ChatClientEvents, RealtimeEvents } from '@pb/core';
import { useSession } from './session';

/**
 * The tab's one Socket.IO connection (JWT in the handshake), kept open while a
 * component using it is mounted. Features subscribe to server events with
 * `useServerEvent` and to (re)connects with `useSocketConnected`; what an event
 * means (which queries to refresh) is the feature's business.
 */

export type AppSocket = Socket<RealtimeEvents, ChatClientEvents>;
export type ServerEvent = keyof RealtimeEvents;

type Listeners = { [E in ServerEvent]: Set<RealtimeEvents[E]> };

const SERVER_EVENTS: readonly ServerEvent[] = [
  'chat:message',
  'chat:conversation',
  'placement:reported',
  'introduction:changed',
  'billing:changed',
  'notification:new',
  'jobs:published',
];

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let users = 0;
const connectListeners = new Set<() => void>();
const listeners: Listeners = {
  'chat:message': new Set(),
  'chat:conversation': new Set(),
  'placement:reported': new Set(),
  'introduction:changed': new Set(),
  'billing:changed': new Set(),
  'notification:new': new Set(),
  'jobs:published': new Set(),
};

function dispatch<E extends ServerEvent>(s: AppSocket, event: E): void {
  const forward = (...args: Parameters<RealtimeEvents[E]>) => {
    // Each listener set holds the handlers of exactly this event.
    listeners[event].forEach((listener) => (listener as (...a: Parameters<RealtimeEvents[E]>) => void)(...args));
  };
  (s.on as (event: E, listener: typeof forward) => AppSocket)(event, forward);
}

/**
 * Opens the socket for `token` (closing one of another token). The client library loads here, on
 * first use, not with the page: a page paints without it, and its events are caught up on connect.
 */
function connect(token: string): void {
  if (socketToken === token) return;
  socket?.close();
  socket = null;
  socketToken = token;
  void import('socket.io-client').then(
    ({ io }) => {
      // Released, or another token's socket asked for, while the library loaded.
      if (socketToken !== token || socket) return;
      const s: AppSocket = io({ auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
      // Listeners catch up on whatever happened while disconnected.
      s.on('connect', () => connectListeners.forEach((l) => l()));
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
      for (const event of SERVER_EVENTS) dispatch(s, event);
      socket = s;
    },
    () => {
      // The library did not load (offline): the next page that wants the socket tries again.
      if (socketToken === token && !socket) socketToken = null;
    },
  );
}

function release(): void {
  users -= 1;
  if (users <= 0) {
    socket?.close();
    socket = null;
    socketToken = null;
    users = 0;
  }
}

/** Keeps the tab's socket open while the calling component is mounted (companies and consultants only). */
export function useSocketConnection(): void {
  const session = useSession();
  const token = session && (session.role === 'company' || session.role === 'consultant') ? session.token : null;
  useEffect(() => {
    if (!token) return;
    users += 1;
    connect(token);
    return release;
  }, [token]);
}

/** Calls `listener` for every `event` the server sends this tab. */
export function useServerEvent<E extends ServerEvent>(event: E, listener: RealtimeEvents[E]): void {
  useEffect(() => {
    const set = listeners[event] as Set<RealtimeEvents[E]>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event, listener]);
}

/** Calls `listener` on every (re)connect of the tab's socket. */
export function useSocketConnected(listener: () => void): void {
  useEffect(() => {
    connectListeners.add(listener);
    return () => {
      connectListeners.delete(listener);
    };
  }, [listener]);
}
