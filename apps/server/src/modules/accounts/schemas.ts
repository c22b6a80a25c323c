import { z } from 'zod';

/** Response schemas of the account routes (mirror AuthUser / PublicConsultant in @pb/core). */

export const authUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  description: z.string().nullable(),
  role: z.object({
    type: z.enum(['company', 'consultant', 'admin']),
    name: z.enum(['Company', 'HR-Consultant', 'Admin']),
  }),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  public: z.boolean(),
  services: z.array(z.string()),
  profile_img: z.string().nullable(),
  profile_img_id: z.number().nullable(),
  last_login: z.string().nullable(),
  createdAt: z.string(),
});

/** The own user (profile routes): AuthUser plus the e-mail change waiting for confirmation. */
export const ownUserSchema = authUserSchema.extend({
  pendingEmail: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});

export const publicConsultantSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    description: z.string().nullable(),
    profile_img: z.string().nullable(),
    services: z.array(z.string()),
  })
  .strict();

export const loginResponseSchema = z.object({ jwt: z.string(), user: authUserSchema });
