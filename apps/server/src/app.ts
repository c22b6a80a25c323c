import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isNoindexArea, MAX_CHAT_FILES, MAX_FILE_BYTES, MSG } from '@pb/core';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError, errorBody, httpErrorName, httpLayerMessage } from './lib/errors';
import { answerClientError } from './lib/client-errors';
import { isDatabaseUnavailable, rootCause } from './lib/db-errors';
import { assertSafeInput } from './lib/input-guard';
import { openApiTransform } from './lib/openapi';
import { QueryStringParser } from './lib/query-string';
import { fallbackRateLimitStore } from './lib/rate-limit-store';
import { watchRedis } from './lib/redis';
import { authPlugin } from './services/auth';
import { securityHeaders, securityHeadersPlugin } from './lib/security-headers';
import { readPageAssets } from './modules/public-pages/assets';
import { loadServerEntry } from './modules/public-pages/render';
import { registerPublicPages } from './modules/public-pages/routes';
import { crawlerRoutes } from './modules/public-pages/crawler-routes';
import { servicesPlugin } from './services/app-services';
import { metricsPlugin } from './lib/metrics';
import { routePolicyRegistry } from './services/policies';
import { StorageUnavailableError, type FileStorage } from './lib/storage';
import { healthRoutes } from './modules/health/routes';
import { districtRoutes } from './modules/districts/routes';
import { contactRoutes } from './modules/contact/routes';
import { devMailRoutes } from './modules/mail/routes';
import { devJobRoutes } from './modules/payments';
import { publicConfigRoutes } from './modules/public-config/routes';
import { adminRoutes } from './modules/admin/routes';
import { jobsModule } from './modules/jobs';
import { introductionRoutes } from './modules/introductions/routes';
import { consentRoutes } from './modules/introductions/consent-routes';
import { candidateInterviewRoutes, interviewRoutes } from './modules/introductions/interview-routes';
import { overviewRoutes } from './modules/overview/routes';
import { placementRoutes } from './modules/placements/routes';
import { billingRoutes } from './modules/billing/routes';
import { circumventionCaseRoutes } from './modules/circumvention-cases';
import { ratingRoutes } from './modules/ratings';
import { trustRoutes } from './modules/trust';
import { payoutRoutes } from './modules/payouts';
import { alertRoutes, alertsPlugin } from './modules/alerts/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { organisationRoutes } from './modules/organisations';
import { termsRoutes } from './modules/terms';
import { chatRoutes } from './modules/chat/routes';
import { chatGateway } from './modules/chat/gateway';
import { realtimePlugin } from './services/realtime';
import { notificationPumpPlugin } from './services/notifications/pump';
import { fileRoutes } from './modules/files/routes';
import { accountRoutes } from './modules/accounts/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { dataExportRoutes } from './modules/data-export/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  /** Shared counters for rate limits across instances; in-memory without it. */
  redis?: Redis | undefined;
  /** Built web app to serve (apps/web/dist); skipped when absent. */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
}

export type App = FastifyInstance;

/** Our schemas carry German messages; zod's own defaults are English and replaced here. */
function validationMessage(
  issue: { keyword: string; message?: string | undefined; params: Record<string, unknown> } | undefined,
): string {
  if (!issue) return MSG.badRequest;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params['keys'])) {
    return `Unbekanntes Feld: ${issue.params['keys'].map(String).join(', ')}.`;
  }
  const message = issue.message ?? '';
  if (
    issue.keyword === 'too_big' &&
    message.startsWith('Too ') &&
    ['string', 'array'].includes(String(issue.params['origin']))
  ) {
    return 'Eine Eingabe ist zu lang.';
  }
  return message && !/^(Invalid|Too |Unrecognized|Expected)/.test(message) ? message : MSG.badRequest;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const videoOrigin = config.introVideoUrl ? new URL(config.introVideoUrl).origin : undefined;
  // helmet's headers, once (lib/security-headers): every answer carries them, router errors too.
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: videoOrigin ? [videoOrigin] : ["'none'"],
        mediaSrc: ["'self'", ...(videoOrigin ? [videoOrigin] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const queryStrings = new QueryStringParser();
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    // Ids are ours (UUIDs), never taken from the client, so log lines cannot be spoofed.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
    // Slow or stalled clients (docs/operations.md): socket inactivity during a request, the whole
    // request incl. body (long enough for 5 × 5 MB on a slow line), idle keep-alive, and headers.
    connectionTimeout: config.httpTimeouts.idleMs,
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: {
      headersTimeout: config.httpTimeouts.headersMs,
      requestTimeout: config.httpTimeouts.requestMs,
      // Node enforces the header and request deadlines on this tick (default 30 s: far too coarse).
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(5000, Math.floor(Math.min(config.httpTimeouts.headersMs, config.httpTimeouts.requestMs) / 4)),
      ),
    },
    routerOptions: {
      querystringParser: (text: string) => queryStrings.parse(text),
      maxParamLength: 200,
    },
    // The router refuses a bad path (broken percent-encoding, a segment over maxParamLength)
    // before any hook or the error handler runs: same error shape, German message.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void reply.headers(headers);
      void reply.code(status).send(errorBody(status, httpErrorName(status), httpLayerMessage(status), {}));
    },
    // Node's parser refuses before Fastify (431 header fields too large, 400 malformed, 408):
    // the German envelope too, not Fastify's English default (lib/client-errors).
    clientErrorHandler: (error, socket) => answerClientError(error, socket, headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Text with U+0000 or a lone UTF-16 surrogate cannot be stored (PostgreSQL): refused for every
  // route before validation, with one German message (lib/input-guard).
  app.addHook('preValidation', async (request) => {
    assertSafeInput(request.query, request.params, request.body);
  });

  // --- third-party plugins ---
  await app.register(securityHeadersPlugin, { headers });
  // brotli or gzip for JSON and text from 1 KB on (PDFs and images are left alone: mime-db marks
  // them incompressible); the web build's files come pre-compressed (scripts/build.mjs).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  if (deps.redis) watchRedis(deps.redis, app.log, 'rate limits');
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis, and in this process while Redis is away (lib/rate-limit-store): never a 500.
    ...(deps.redis ? { store: fallbackRateLimitStore({ redis: deps.redis, nameSpace: 'pb-rl:', log: app.log }) } : {}),
    errorResponseBuilder: () => new AppError(429, MSG.rateLimited, 'RateLimitError'),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_CHAT_FILES + 1, fields: 20, fieldSize: 100_000, parts: 30 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Prämienbörse API', version: '1.0.0', description: 'HTTP API of the Prämienbörse marketplace.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Routes whose services check the body show its core schema (config.documentedBody, decision 0018).
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // --- our services ---
  await app.register(servicesPlugin, {
    config,
    database: deps.database,
    storage: deps.storage,
    redis: deps.redis,
    now: deps.now,
  });
  // Before the routes: its onResponse hook times every request.
  await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(routePolicyRegistry);
  await app.register(realtimePlugin);
  await app.register(chatGateway);
  await app.register(alertsPlugin);
  await app.register(notificationPumpPlugin);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Refused before its body was read (an upload authorised first): close the connection rather
    // than let Node read and discard the rest of a body nobody wants (up to 5 × 5 MB).
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.status, error.name, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = validationMessage(error.validation[0]);
      const details = { errors: error.validation.map((v) => ({ path: v.instancePath, message: v.message })) };
      return reply.code(400).send(errorBody(400, 'ValidationError', message, details));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // Fastify's and its plugins' own refusals (content type, body size, malformed JSON, limits):
    // the status stays, the name and message are ours (never FST_ERR_… or English).
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return reply
        .code(status)
        .send(errorBody(status, httpErrorName(status), httpLayerMessage(status, error.code), {}));
    }
    // The file store (disk full, S3 down or refusing us): files go to the store before any
    // database write, so nothing was saved and the client may retry.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: { message: error.message } }, 'file storage unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'ServiceUnavailableError', MSG.storageUnavailable, {}));
    }
    // PostgreSQL restarting, unreachable, frozen or overloaded: the client may retry; not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: rootCause(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'ServiceUnavailableError', MSG.serviceUnavailable, {}));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'InternalServerError', MSG.internal, {}));
  });

  // --- routes ---
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes);
      await api.register(districtRoutes);
      await api.register(contactRoutes);
      await api.register(adminRoutes);
      await api.register(jobsModule);
      await api.register(placementRoutes);
      await api.register(accountRoutes);
      await api.register(chatRoutes);
      await api.register(fileRoutes);
      await api.register(introductionRoutes);
      await api.register(consentRoutes);
      await api.register(interviewRoutes);
      await api.register(candidateInterviewRoutes);
      await api.register(overviewRoutes);
      await api.register(billingRoutes);
      await api.register(payoutRoutes);
      await api.register(circumventionCaseRoutes);
      await api.register(ratingRoutes);
      await api.register(trustRoutes);
      await api.register(alertRoutes);
      await api.register(notificationRoutes);
      await api.register(organisationRoutes);
      await api.register(termsRoutes);
      await api.register(dataExportRoutes);
      // Feature modules register here (accounts, jobs, chat, admin).
    },
    { prefix: '/api' },
  );
  if (!config.isProduction) await app.register(devMailRoutes);
  if (config.devJobs) await app.register(devJobRoutes);
  await app.register(metricsRoutes);
  await app.register(crawlerRoutes);

  const webDist = deps.webDistDir;
  const serveWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br/.gz siblings written at build time: no compression work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, servedPath) => {
        const filePath = servedPath.replace(/\.(br|gz)$/, '');
        // Vite names everything under assets/ by its content hash: a changed file is a new name.
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        void reply.header(
          'cache-control',
          hashed
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  if (serveWeb) {
    // The public pages as HTML rendered by React (issue 29) when the web build has its server entry.
    const serverEntry = await loadServerEntry(webDist);
    const assets = readPageAssets(webDist);
    if (serverEntry && assets) {
      registerPublicPages(app, {
        entry: serverEntry,
        assets,
        contentSecurityPolicy: headers['content-security-policy'] ?? '',
        sendClientApp: (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'),
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? url;
    // A path naming a file (…/app-1234.js) or a folder of files is a missing asset, not a client route.
    const isFile = /\.[A-Za-z0-9]+$/.test(pathname) || pathname.startsWith('/assets/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isFile;
    if (serveWeb && isPage && !pathname.startsWith('/api/') && pathname !== '/api') {
      // Client-side routes: the SPA decides (unknown paths end on its /404 page). The guarded
      // area and the back office are never indexed (issue 29).
      if (isNoindexArea(pathname)) void reply.header('x-robots-tag', 'noindex');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorBody(404, 'NotFoundError', MSG.notFound, {}));
  });

  return app;
}
