import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may read GET /metrics. Route tag 'metrics.scraper':
 * - METRICS_TOKEN set: whoever sends `Authorization: Bearer <METRICS_TOKEN>`, from anywhere
 *   (Prometheus usually scrapes from another machine); anyone else gets 401.
 * - unset in production: nobody; metrics are off and the route answers 404.
 * - unset elsewhere: requests from this machine itself, like the dev mailbox (the socket's
 *   address, never X-Forwarded-For; nothing that came through a proxy: lib/loopback
 *   isLocalRequest); anyone else gets the ordinary 404.
 */

export type ScraperAccess = 'allowed' | 'unauthorized' | 'hidden';

export interface ScraperSettings {
  token: string | undefined;
  isProduction: boolean;
}

export interface ScraperRequest {
  authorization: string | undefined;
  /** From this machine itself, not through a proxy (lib/loopback isLocalRequest). */
  local: boolean;
}

/** 'metrics.scraper': the caller holds the metrics token, or (without one, outside production) is on loopback. */
export function metricsScraperAccess(settings: ScraperSettings, request: ScraperRequest): ScraperAccess {
  if (settings.token !== undefined) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1];
    return given !== undefined && sameSecret(given, settings.token) ? 'allowed' : 'unauthorized';
  }
  if (settings.isProduction) return 'hidden';
  return request.local ? 'allowed' : 'hidden';
}

/** Constant-time; hashing first gives equal lengths, so not even the token's length leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
