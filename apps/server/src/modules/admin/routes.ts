import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit-routes';
import { adminContactRoutes } from './contact';
import { dashboardRoutes } from './dashboard';
import { adminDistrictRoutes } from './districts';
import { adminIntroductionRoutes } from './introductions';
import { adminJobRoutes } from './jobs';
import { adminPlacementRoutes } from './placements';
import { adminBillingRoutes } from '../billing';
import { adminOrganisationRoutes } from '../organisations';
import { adminPaymentRoutes } from '../payments';
import { adminPayoutRoutes } from '../payouts';
import { adminCircumventionCaseRoutes } from '../circumvention-cases';
import { adminRatingRoutes } from '../ratings';
import { adminAccountingExportRoutes } from '../accounting-export';
import { adminTermsRoutes } from '../terms';
import { adminUserRoutes } from './users';

/**
 * The back office under /api/admin. One onRequest hook guards every route of this
 * encapsulated plugin: visitors 401, companies and consultants 403 — before any
 * body or query is even validated. Every route of it carries config.policy 'role:admin'.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', admin.requireRole('admin'));
      // The one guard above is every admin route's policy: each names it (route-policy test).
      admin.addHook('onRoute', (route) => {
        route.config = { ...route.config, policy: 'role:admin' };
      });
      await admin.register(dashboardRoutes);
      await admin.register(adminPlacementRoutes);
      await admin.register(adminUserRoutes);
      await admin.register(adminJobRoutes);
      await admin.register(adminContactRoutes);
      await admin.register(adminDistrictRoutes);
      await admin.register(auditRoutes);
      await admin.register(adminIntroductionRoutes);
      await admin.register(adminBillingRoutes);
      await admin.register(adminPaymentRoutes);
      await admin.register(adminPayoutRoutes);
      await admin.register(adminCircumventionCaseRoutes);
      await admin.register(adminRatingRoutes);
      await admin.register(adminAccountingExportRoutes);
      await admin.register(adminOrganisationRoutes);
      await admin.register(adminTermsRoutes);
    },
    { prefix: '/admin' },
  );
};
