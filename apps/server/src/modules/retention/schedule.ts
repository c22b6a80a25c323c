import type { FastifyInstance } from 'fastify';
import { dailyInVienna, type ScheduledJob } from '../../services/scheduler';
import { endSessionsOf } from '../../services/sessions';
import { runRetention } from './service';

/** Retention runs once a day across all instances, from 03:00 Vienna time (quiet hours). */
export const RETENTION_HOUR = 3;

/** The retention rules as scheduled work (services/scheduler: exactly one instance runs each day's run). */
export function retentionJob(app: FastifyInstance): ScheduledJob {
  return {
    name: 'retention',
    period: dailyInVienna(RETENTION_HOUR),
    async run({ now }) {
      const result = await runRetention(app.db, {
        now,
        dryRun: false,
        publicUrl: app.config.publicUrl,
        registerSecret: app.config.registerSecret,
        storage: app.storage,
      });
      if (!result.ran) return;
      await endSessionsOf(app, result.deletedUsers);
      app.log.info(
        {
          warned: result.warnedUsers.length,
          deleted: result.deletedUsers.length,
          deactivated: result.deactivatedJobs.length,
        },
        'retention run finished',
      );
    },
  };
}
