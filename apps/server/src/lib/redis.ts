import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis clients that fail fast while Redis is away (docs/operations.md, "Redis outage"):
 * a command during an outage is rejected at once instead of waiting in a queue, a
 * silent (frozen) Redis is given up on after a second, and the client keeps
 * reconnecting in the background so everything recovers on its own.
 */
export const REDIS_FAIL_FAST: RedisOptions = {
  // Reject commands while disconnected (no offline queue that fills during an outage).
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // A Redis that accepts TCP but does not answer (frozen, overloaded).
  commandTimeout: 1000,
  connectTimeout: 2000,
  // Reconnect forever, at most every 2 s.
  retryStrategy: (times: number) => Math.min(times * 200, 2000),
};

/** For commands that must run (subscriptions): queued until Redis is reachable, never rejected for retries. */
export const REDIS_SUBSCRIBER: RedisOptions = {
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  connectTimeout: 2000,
  retryStrategy: (times: number) => Math.min(times * 200, 2000),
};

export function createRedisClient(url: string, options: RedisOptions = REDIS_FAIL_FAST): Redis {
  return new Redis(url, options);
}

interface WarnLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Logs a lost connection once per outage (not once per reconnect attempt) and its
 * recovery; an 'error' event is never left without a listener.
 */
export function watchRedis(client: Redis, log: WarnLog, role: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ role, reason: err.message }, `Redis unavailable (${role}); retrying in the background`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ role }, `Redis available again (${role})`);
  });
}

/**
 * Some callers (the Socket.IO Redis adapter) fire commands without awaiting them; a
 * rejection during an outage would be an unhandled rejection that ends the process.
 * The returned promise still rejects for callers that await it.
 */
export function guardUnawaitedCommands(
  client: Redis,
  names: readonly string[],
  onError: (err: unknown, command: string) => void,
): void {
  const target = client as unknown as Record<string, unknown>;
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const bound = (original as (...args: unknown[]) => unknown).bind(client);
    target[name] = (...args: unknown[]) => {
      const result = bound(...args);
      if (result instanceof Promise) result.catch((err: unknown) => onError(err, name));
      return result;
    };
  }
}

/** quit() when connected; disconnect() otherwise (quit would wait for or fail on a dead link). Never throws. */
export async function closeRedis(client: Redis | undefined): Promise<void> {
  if (!client) return;
  if (client.status === 'ready') {
    const quit = client.quit().then(
      () => undefined,
      () => undefined,
    );
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([quit, timeout]);
  }
  client.disconnect();
}
