import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { FileStorage } from './storage';
import { JwtService } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    jwt: JwtService;
    storage: FileStorage;
    /** Current time; tests may pin it. */
    now: () => Date;
  }
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  now?: () => Date;
}

/** Shared services decorated onto the app; every feature plugin depends on 'services'. */
export const servicesPlugin = fp<ServiceDeps>(
  async (app, deps) => {
    app.decorate('config', deps.config);
    app.decorate('database', deps.database);
    app.decorate('db', deps.database.db);
    app.decorate('jwt', new JwtService(deps.config.jwtSecret, deps.config.jwtTtl));
    app.decorate('storage', deps.storage);
    app.decorate('now', deps.now ?? (() => new Date()));
  },
  { name: 'services' },
);
