import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@pb/core';
import { AppError } from '../../lib/errors';

/**
 * A limiter keyed by more than the IP (e.g. IP + login name, or the account a sign-in challenge
 * belongs to), scaled by RATE_LIMIT_FACTOR; 429 in the error shape. Counted in Redis when set.
 */
export function keyedLimiter(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: string,
  key: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: max * app.config.rateLimitFactor,
    timeWindow,
    keyGenerator: (req) => `${name}:${key(req)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, MSG.rateLimited, 'RateLimitError');
  };
}
