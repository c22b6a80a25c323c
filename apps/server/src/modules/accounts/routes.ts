import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth-routes';
import { directoryRoutes } from './directory-routes';
import { emailChangeRoutes } from './email-change-routes';
import { profileImageRoutes } from './profile-image-routes';
import { secondStepRoutes } from './second-step-routes';
import { sessionRoutes } from './session-routes';
import { twoFactorRoutes } from './two-factor-routes';
import { userRoutes } from './user-routes';

/**
 * The accounts module: sign-up and passwords (/auth/*), the own profile and the
 * consultant directory (/users/*; for visitors /public-consultants), the e-mail change (/email-change/*,
 * /users/me/email-change), profile images (/upload, /profile-images/*), the sign-in's second
 * step (/auth/second-factor*), the own second factors (/two-factor/*) and sessions (/sessions*).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(userRoutes);
  await app.register(directoryRoutes);
  await app.register(profileImageRoutes);
  await app.register(secondStepRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
};
