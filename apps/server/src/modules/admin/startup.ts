import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './admin-account';

/** ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin on start if no account with the address exists. */
export async function ensureEnvAdmin(app: FastifyInstance): Promise<void> {
  const { adminEmail, adminPassword } = app.config;
  if (!adminEmail) return;
  if (!adminPassword) {
    app.log.warn('ADMIN_EMAIL is set without ADMIN_PASSWORD: no admin created (use npm run admin:create)');
    return;
  }
  const result = await ensureAdmin(app.db, { email: adminEmail, password: adminPassword, mode: 'create-if-missing' });
  if (result.outcome === 'created') app.log.info({ userId: result.userId }, 'admin account created from ADMIN_EMAIL');
}
