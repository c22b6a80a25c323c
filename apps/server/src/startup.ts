import type { FastifyInstance } from 'fastify';
import { demoLoginText, demoLogins, hasDemoAccounts, isEmptyMarketplace, seedDemoData } from './modules/demo/seed';
import { ensureEnvAdmin } from './modules/admin/startup';
import { seedDemoActivity } from './modules/demo/activity';
import { Scheduler, scheduledRunsPruneJob } from './services/scheduler';
import { storageOrphanJob } from './services/storage-orphans';
import { retentionJob } from './modules/retention/schedule';
import { dailyDigestJob } from './modules/alerts/digest';
import { contractEndJob } from './modules/terms';
import { dunningJob } from './modules/payments';
import { creditNoteJob } from './modules/payouts';
import { backfillSalaryRanges } from './modules/alerts/salary-backfill';
import { DataExportWorker } from './modules/data-export/worker';
import { registerAnchorJob, sealRegisterOnStart } from './modules/introductions/register-anchor';
import { consentJob } from './modules/introductions/consent-runs';
import { interviewJob } from './modules/introductions/interview-runs';
import { trustJob } from './modules/trust';

/**
 * One-off tasks after migrations: demo data (and its conversations and introductions) on an
 * empty development database,
 * the first admin from ADMIN_EMAIL, the scheduled work (once per period across instances).
 * Features add theirs here.
 */
export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  await seedDemoOnStart(app);
  await ensureEnvAdmin(app);
  await sealRegister(app);
  startScheduledWork(app);
}

/** Every scheduled job; app.close() waits for a running one. */
function startScheduledWork(app: FastifyInstance): void {
  const scheduler = new Scheduler({
    db: app.db,
    log: app.log,
    now: app.now,
    jobs: [
      retentionJob(app),
      dailyDigestJob(app.db),
      contractEndJob(app.db),
      storageOrphanJob(app.db, app.storage, app.log),
      registerAnchorJob({ db: app.db, registerSecret: app.config.registerSecret, officeEmail: app.config.officeEmail }),
      dunningJob(
        app.db,
        { issuer: app.config.invoiceIssuer, publicUrl: app.config.publicUrl, ...app.config.dunning },
        app.log,
      ),
      creditNoteJob(app.db, { issuer: app.config.invoiceIssuer, publicUrl: app.config.publicUrl }, app.log),
      consentJob({
        db: app.db,
        registerSecret: app.config.registerSecret,
        publicUrl: app.config.publicUrl,
        storage: app.storage,
        log: app.log,
      }),
      interviewJob({ db: app.db, publicUrl: app.config.publicUrl, log: app.log }),
      // The trust figures (issue 36, docs/trust.md): every 10 minutes.
      trustJob(app.db),
      // scheduled_runs itself: finished rows older than 30 days go, daily at 04:00.
      scheduledRunsPruneJob(app.db),
    ],
  });
  scheduler.start();
  app.addHook('onClose', () => scheduler.stop());
  // 'Meine Daten herunterladen': ZIPs built in the background (docs/privacy.md).
  const dataExports = new DataExportWorker({
    db: app.db,
    storage: app.storage,
    log: app.log,
    publicUrl: app.config.publicUrl,
    now: app.now,
  });
  dataExports.start();
  app.addHook('onClose', () => dataExports.stop());
  // Saved-search matches, watch notices and notification mails; the live bell.
  app.alerts.worker.start();
  app.notificationPump.start();
  // Advertisements from before 0021 get their salary range (the € filter) in the background.
  void backfillSalaryRanges(app.db)
    .then((n) => n > 0 && app.log.info({ advertisements: n }, 'salary ranges parsed'))
    .catch((err: unknown) => app.log.warn({ err }, 'salary range backfill failed'));
}

/**
 * A new register gets its head before any request can append to it (decision 0027). A register
 * with entries but without a head is never sealed here: from before REGISTER_SECRET (migration
 * 0026) the operator seals it once with the count from before the update; otherwise its head was
 * deleted. Appends are refused until then.
 */
async function sealRegister(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, registerSecret: app.config.registerSecret, officeEmail: app.config.officeEmail };
  const seal = await sealRegisterOnStart(deps, app.now());
  if (seal.state === 'unsealed') {
    app.log.error(
      'introductions register without head and MACs: from before REGISTER_SECRET, seal once with npm run register:verify -- --seal-legacy <entries before the update>; otherwise its head was deleted (npm run register:verify)',
    );
  }
  if (seal.state === 'refused') {
    app.log.error(
      'introductions register without a head (keyed entries, or introductions without entries); run npm run register:verify',
    );
  }
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
        registerSecret: app.config.registerSecret,
        publicUrl: app.config.publicUrl,
        officeEmail: app.config.officeEmail,
        invoiceIssuer: app.config.invoiceIssuer,
        now: app.now(),
        mailFrom: app.config.mailFrom,
      });
    }
    app.log.info(demoLoginText(result));
  } else if (await hasDemoAccounts(app.db)) {
    app.log.info(demoLoginText({ created: false, logins: demoLogins(), jobs: 0 }));
  }
}
