import type { FastifyInstance } from 'fastify';
import { endSessionsOf } from '../../lib/sessions';
import { runRetention } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 5 * 60 * 1000;

/**
 * Runs the retention rules once a day in the server process (first run a few minutes
 * after start). Timers are unref'd and cleared on close; tests never start them.
 */
export function startRetentionSchedule(app: FastifyInstance): void {
  const run = async () => {
    try {
      const result = await runRetention(app.db, {
        now: app.now(),
        dryRun: false,
        publicUrl: app.config.publicUrl,
        storage: app.storage,
      });
      if (result.ran) {
        await endSessionsOf(app, result.deletedUsers);
        app.log.info(
          {
            warned: result.warnedUsers.length,
            deleted: result.deletedUsers.length,
            deactivated: result.deactivatedJobs.length,
          },
          'retention run finished',
        );
      }
    } catch (err) {
      app.log.error({ err }, 'retention run failed');
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_DELAY_MS);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
