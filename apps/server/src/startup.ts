import type { FastifyInstance } from 'fastify';
import { demoLoginText, demoLogins, hasDemoAccounts, isEmptyMarketplace, seedDemoData } from './db/seed/demo';
import { ensureEnvAdmin } from './modules/admin/startup';
import { seedDemoActivity } from './modules/demo/activity';
import { startRetentionSchedule } from './modules/retention/schedule';

/**
 * One-off tasks after migrations: demo data (and its conversations and introductions) on an
 * empty development database,
 * the first admin from ADMIN_EMAIL, the retention schedule. Features add theirs here.
 */
export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  await seedDemoOnStart(app);
  await ensureEnvAdmin(app);
  startRetentionSchedule(app);
}

/** Development: demo companies, consultants and advertisements on an empty marketplace; logins in the log. */
async function seedDemoOnStart(app: FastifyInstance): Promise<void> {
  if (!app.config.demoData) return;
  if (await isEmptyMarketplace(app.db)) {
    const result = await seedDemoData(app.db, app.now());
    if (result.created) {
      await seedDemoActivity({
        db: app.db,
        storage: app.storage,
        fingerprintSecret: app.config.fingerprintSecret,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
    }
    app.log.info(demoLoginText(result));
  } else if (await hasDemoAccounts(app.db)) {
    app.log.info(demoLoginText({ created: false, logins: demoLogins(), jobs: 0 }));
  }
}
