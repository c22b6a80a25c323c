import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * A @fastify/rate-limit store that counts in Redis (shared by every instance) and,
 * while Redis is unreachable or does not answer in time, in this process — so a Redis
 * outage never turns a rate-limited route into a 500 (docs/operations.md, "Redis outage").
 *
 * - Redis not connected: counted in-process at once (the client fails fast, no waiting).
 * - A Redis call that errs or takes longer than `timeoutMs`: in-process, and Redis is
 *   left alone for `retryAfterMs` before one request probes it again.
 * - One warning when an outage starts, one info line when Redis counts again.
 *
 * Fixed windows (INCR + PEXPIRE), as the plugin's own stores without
 * continueExceeding/exponentialBackoff, which we do not use.
 */

export interface FallbackStoreOptions {
  redis: Redis;
  /** Key prefix in Redis. */
  nameSpace: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  timeoutMs?: number;
  retryAfterMs?: number;
  /** Most keys kept in-process (oldest dropped first). */
  localMaxKeys?: number;
}

interface Counter {
  current: number;
  ttl: number;
}

type IncrCallback = (error: Error | null, result?: Counter) => void;

const COMMAND = 'pbRateLimitIncr';
const LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type IncrCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** In-process fixed-window counters, bounded in size. */
class LocalCounters {
  private readonly entries = new Map<string, { current: number; resetAt: number }>();
  constructor(private readonly maxKeys: number) {}

  incr(key: string, windowMs: number): Counter {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.entries.delete(key);
      entry = { current: 0, resetAt: now + windowMs };
      if (this.entries.size >= this.maxKeys) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  }
}

export function fallbackRateLimitStore(options: FallbackStoreOptions): FastifyRateLimitStoreCtor {
  const { redis, nameSpace, log } = options;
  const timeoutMs = options.timeoutMs ?? 500;
  const retryAfterMs = options.retryAfterMs ?? 2000;
  const local = new LocalCounters(options.localMaxKeys ?? 20_000);
  const state = { down: false, retryAt: 0 };

  if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: LUA });
  const incrInRedis = (redis as unknown as Record<typeof COMMAND, IncrCommand>)[COMMAND].bind(redis);

  const wentDown = (reason: string) => {
    state.retryAt = Date.now() + retryAfterMs;
    if (state.down) return;
    state.down = true;
    log.warn({ reason }, 'Redis unavailable: rate limits use in-process counters until it is back');
  };
  const cameBack = () => {
    if (!state.down) return;
    state.down = false;
    log.info({}, 'Redis available again: rate limits are shared across instances again');
  };

  async function incr(key: string, windowMs: number): Promise<Counter> {
    if (redis.status !== 'ready') {
      wentDown(`connection ${redis.status}`);
      return local.incr(key, windowMs);
    }
    if (state.down && Date.now() < state.retryAt) return local.incr(key, windowMs);
    // Requests arriving while this one probes a recovering Redis count in-process.
    if (state.down) state.retryAt = Date.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    try {
      const [current, ttl] = await Promise.race([
        incrInRedis(nameSpace + key, windowMs),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      cameBack();
      return { current: Number(current), ttl: Number(ttl) };
    } catch (err) {
      wentDown(err instanceof Error ? err.message : String(err));
      return local.incr(key, windowMs);
    } finally {
      clearTimeout(timer);
    }
  }

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      incr(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Route limits: "POST/api/contact-"; limiters made with createRateLimit carry their name in the key.
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const method = Array.isArray(info?.method) ? info.method.join(',') : info?.method;
      const route = typeof method === 'string' && typeof info?.url === 'string' ? `${method}${info.url}-` : '';
      return new FallbackStore(undefined, this.prefix + route);
    }
  }
  return FallbackStore;
}
