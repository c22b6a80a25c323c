import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth-routes';
import { emailChangeRoutes } from './email-change-routes';
import { profileImageRoutes } from './profile-image-routes';
import { userRoutes } from './user-routes';

/**
 * The accounts module: sign-up and passwords (/auth/*), the own profile and the
 * consultant directory (/users/*), the e-mail change (/email-change/*,
 * /users/me/email-change) and profile images (/upload, /profile-images/*).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(userRoutes);
  await app.register(profileImageRoutes);
};
