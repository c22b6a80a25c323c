import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDayInput } from '@pb/core';
import { localOnly } from '../../lib/loopback';
import { parseOrBadRequest } from '../../lib/errors';
import { settleDueShares } from '../payouts';
import { runDunning } from './dunning';

/**
 * The dev job runner (DEV_JOBS=true, never in production, this machine only): runs a daily money
 * job — the reminder run, the agency-share settlement — as it would run at 06:00 Vienna on `asOf`,
 * so the end-to-end suite can show an overdue invoice's reminders or a credit note without waiting
 * weeks. Everything it writes is what the real run writes on that day.
 */
const bodySchema = z.object({ asOf: isoDayInput('Bitte geben Sie einen Tag an (JJJJ-MM-TT).') }).strict();

export const devJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', localOnly(app.config.trustProxy));
  app.post(
    '/dev/jobs/dunning',
    { config: { policy: 'visitor' }, schema: { hide: true, body: z.unknown() } },
    async (request) => {
      const { asOf } = parseOrBadRequest(bodySchema, request.body);
      // 05:00 UTC is 06:00 (winter) or 07:00 (summer) in Vienna: after that morning's 06:00 run.
      const now = new Date(`${asOf}T05:00:00Z`);
      const sent = await runDunning(
        app.db,
        { issuer: app.config.invoiceIssuer, publicUrl: app.config.publicUrl, ...app.config.dunning, now },
        app.log,
      );
      return { data: sent };
    },
  );
  app.post(
    '/dev/jobs/agency-shares',
    { config: { policy: 'visitor' }, schema: { hide: true, body: z.unknown() } },
    async (request) => {
      const { asOf } = parseOrBadRequest(bodySchema, request.body);
      const now = new Date(`${asOf}T05:00:00Z`);
      const settled = await settleDueShares(
        app.db,
        { issuer: app.config.invoiceIssuer, publicUrl: app.config.publicUrl, now },
        app.log,
      );
      return { data: settled };
    },
  );
};
