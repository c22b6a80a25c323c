import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth-routes';
import { emailChangeRoutes } from './email-change-routes';
import { profileImageRoutes } from './profile-image-routes';
import { secondStepRoutes } from './second-step-routes';
import { sessionRoutes } from './session-routes';
import { twoFactorRoutes } from './two-factor-routes';
import { userRoutes } from './user-routes';

/**
 * The accounts module: sign-up and passwords (/auth/*), the own account (/users/*; the public
 * profile and the directory are the organisations module's), the e-mail change (/email-change/*,
 * /users/me/email-change), uploaded images (/upload, /profile-images/*), the sign-in's second
 * step (/auth/second-factor*), the own second factors (/two-factor/*) and sessions (/sessions*).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(userRoutes);
  await app.register(profileImageRoutes);
  await app.register(secondStepRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
};
