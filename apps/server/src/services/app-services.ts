import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { DataVersionReader } from './data-versions';
import type { FileStorage } from '../lib/storage';
import { trackStorageOrphans } from './storage-orphans';
import { JwtService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    jwt: JwtService;
    storage: FileStorage;
    /** Shared rate-limit counters and readiness probe; undefined without REDIS_URL. */
    redis: Redis | undefined;
    /** Where the instance is in its life: `stopping` from SIGTERM on (readiness answers 503). */
    lifecycle: Lifecycle;
    /** Current time; tests may pin it. */
    now: () => Date;
  }
}

export interface Lifecycle {
  stopping: boolean;
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  redis?: Redis | undefined;
  now?: () => Date;
}

/** Shared services decorated onto the app; every feature plugin depends on 'services'. */
export const servicesPlugin = fp<ServiceDeps>(
  async (app, deps) => {
    app.decorate('config', deps.config);
    app.decorate('database', deps.database);
    app.decorate('db', deps.database.db);
    app.decorate('jwt', new JwtService(deps.config.jwtSecret, deps.config.jwtTtl));
    // Failed writes note their keys, so an object a frozen store writes late is removed (hourly sweep).
    app.decorate('storage', trackStorageOrphans(deps.storage, deps.database.db, app.log));
    app.decorate('dataVersions', new DataVersionReader(deps.database.db));
    app.decorateRequest('dataVersionSnapshot', null);
    app.decorate('redis', deps.redis);
    app.decorate('lifecycle', { stopping: false });
    app.decorate('now', deps.now ?? (() => new Date()));
  },
  { name: 'services' },
);
