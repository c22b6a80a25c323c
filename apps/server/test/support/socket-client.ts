import { io, type Socket } from 'socket.io-client';
import type { ChatClientEvents, RealtimeEvents } from '@pb/core';

/** Socket.IO client helpers for tests and benchmarks (real sockets, no mocks). */

export type ChatClient = Socket<RealtimeEvents, ChatClientEvents>;

/**
 * A test file's Socket.IO side: where the app listens (`server.baseUrl`, set by `listen`) and the
 * sockets its tests open, closed together after the file.
 */
export function socketSide() {
  const server = { baseUrl: '' };
  const sockets: ChatClient[] = [];
  return {
    server,
    sockets,
    async listen(app: { listen(options: { port: number; host: string }): Promise<string> }): Promise<void> {
      server.baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    },
    closeSockets(): void {
      for (const socket of sockets) socket.close();
    },
  };
}

export function connectChat(baseUrl: string, token: string | undefined): Promise<ChatClient> {
  const socket: ChatClient = io(baseUrl, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Collects every event of one kind so tests can await the n-th arrival in order. */
export class EventLog<K extends keyof RealtimeEvents> {
  readonly items: Array<Parameters<RealtimeEvents[K]>[0]> = [];
  private waiters: Array<{ n: number; resolve: () => void }> = [];

  constructor(socket: ChatClient, event: K) {
    const listener = (payload: Parameters<RealtimeEvents[K]>[0]) => {
      this.items.push(payload);
      this.waiters = this.waiters.filter((w) => {
        if (this.items.length >= w.n) w.resolve();
        return this.items.length < w.n;
      });
    };
    // socket.io-client's typed `on` cannot infer a generic event name.
    (socket.on as (event: string, fn: (payload: Parameters<RealtimeEvents[K]>[0]) => void) => void)(event, listener);
  }

  /** Resolves once at least n events arrived. */
  async waitFor(n: number): Promise<Array<Parameters<RealtimeEvents[K]>[0]>> {
    if (this.items.length < n) await new Promise<void>((resolve) => this.waiters.push({ n, resolve }));
    return this.items;
  }
}
