import type { FastifyInstance } from 'fastify';

/**
 * One-off tasks after migrations: demo data on an empty development database,
 * the first admin from ADMIN_EMAIL, the retention schedule. Features add theirs here.
 */
export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  void app;
}
