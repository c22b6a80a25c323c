import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { rootCause, withDeadline } from './db-errors';

/**
 * Prometheus metrics (docs/operations.md "Metrics"). Each app has its own registry: tests
 * build many apps in one process and prom-client's global registry refuses a metric name twice.
 * GET /metrics (modules/metrics) renders it.
 */

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  /** The Prometheus text format's content type. */
  readonly contentType: string;
  /** One mail the SMTP server refused or could not take (the MailWorker's onSendFailure). */
  mailSendFailed(): void;
  /** Where the connected-sockets gauge reads from at scrape time (the chat gateway names its server). */
  countSocketsWith(read: () => number): void;
  /** Where the advertisement list cache's outcome counts are read at scrape time (modules/jobs names its cache). */
  countListCacheWith(read: () => Record<string, number>): void;
  /** Reads the scrape-time values (mail outbox, database pool, sockets), then renders every metric. */
  scrape(): Promise<string>;
}

const PREFIX = 'pb_';

/** Seconds; the default buckets plus 30 s for slow uploads (HTTP_REQUEST_TIMEOUT_MS allows minutes). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Pending mails: how many, and how long the oldest has waited. The partial index on pending rows keeps it cheap. */
const OUTBOX_SQL = `SELECT count(*)::int AS pending,
  COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_age_seconds
  FROM mail_outbox WHERE status = 'pending'`;

let processMetrics: Registry | undefined;

/**
 * CPU, memory, handles, GC and event-loop lag describe the process, not an app. collectDefaultMetrics
 * starts an event-loop monitor and a GC observer that are never stopped, so it runs once per
 * process; every app's registry lists the same metric objects.
 */
function processMetricsList(): Metric[] {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: PREFIX });
  }
  const registry = processMetrics;
  return registry
    .getMetricsAsArray()
    .map((m) => registry.getSingleMetric(m.name))
    .filter((m): m is Metric => m !== undefined);
}

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    for (const metric of processMetricsList()) registry.registerMetric(metric);
    const registers = [registry];

    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      httpDuration.observe(
        {
          method: request.method,
          // The pattern (/api/jobs/:id), never the raw URL: one series per route, not per id or probe.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const mailFailures = new Counter({
      name: `${PREFIX}mail_send_failures_total`,
      help: 'Failed mail delivery attempts (the SMTP server refused the mail or was unreachable); each is retried with back-off.',
      registers,
    });
    /** One of our gauges (prefixed), in this app's registry. */
    const gauge = (name: string, help: string) => new Gauge({ name: `${PREFIX}${name}`, help, registers });
    const outboxPending = gauge('mail_outbox_pending', "mail_outbox rows with status 'pending' (not yet delivered).");
    const outboxOldestAge = gauge(
      'mail_outbox_oldest_pending_age_seconds',
      'Age of the oldest pending mail_outbox row in seconds (0 when none is pending).',
    );
    const sockets = gauge('chat_connected_sockets', 'Signed-in Socket.IO connections on this instance.');
    let readSockets: (() => number) | undefined;
    const listCache = new Gauge({
      name: `${PREFIX}job_list_cache_outcomes`,
      help: 'Advertisement list cache since start, by outcome: hits, misses, patched (a kept id list brought forward by the rows a write changed), recomputed (ids computed from scratch), kept (an answer a write did not touch), built (an answer serialised).',
      labelNames: ['outcome'] as const,
      registers,
    });
    let readListCache: (() => Record<string, number>) | undefined;

    // PGlite has no pool: the pool gauges exist for PostgreSQL only.
    const pool = app.database.poolStats()
      ? {
          total: gauge('db_pool_connections', 'Open PostgreSQL connections in the pool (idle or in use).'),
          idle: gauge('db_pool_idle_connections', 'Idle PostgreSQL connections in the pool.'),
          waiting: gauge('db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL connection.'),
          max: gauge('db_pool_max_connections', 'Size limit of the PostgreSQL pool.'),
        }
      : undefined;

    const readOutbox = async (): Promise<void> => {
      try {
        const [row] = await withDeadline(
          app.database.query<{ pending: number | string; oldest_age_seconds: number | string | null }>(OUTBOX_SQL),
          app.config.dbTimeouts.healthMs,
          'metrics: mail outbox',
        );
        outboxPending.set(Number(row?.pending ?? 0));
        outboxOldestAge.set(Number(row?.oldest_age_seconds ?? 0));
      } catch (err) {
        // Database away or slow: the scrape still answers, without these two (a stale or zero value would mislead alerts).
        outboxPending.remove();
        outboxOldestAge.remove();
        app.log.warn({ err: rootCause(err) }, 'metrics: mail outbox not read');
      }
    };

    const metrics: Metrics = {
      contentType: registry.contentType,
      mailSendFailed: () => mailFailures.inc(),
      countSocketsWith(read) {
        readSockets = read;
      },
      countListCacheWith(read) {
        readListCache = read;
      },
      async scrape() {
        const stats = app.database.poolStats();
        if (pool && stats) {
          pool.total.set(stats.total);
          pool.idle.set(stats.idle);
          pool.waiting.set(stats.waiting);
          pool.max.set(stats.max);
        }
        if (readSockets) sockets.set(readSockets());
        else sockets.remove();
        for (const [outcome, count] of Object.entries(readListCache?.() ?? {})) listCache.set({ outcome }, count);
        await readOutbox();
        return registry.metrics();
      },
    };
    app.decorate('metrics', metrics);
  },
  { name: 'metrics', dependencies: ['services'] },
);
