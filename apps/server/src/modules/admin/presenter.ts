import type { AdminContactMessage, AdminUser } from '@pb/core';
import { contactMessages, users } from '../../db/schema';

/** What leaves the back office: rows shaped into the core's admin types. */

type ContactRow = typeof contactMessages.$inferSelect;

export function presentContactMessage(r: ContactRow): AdminContactMessage {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    company: r.company,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
  };
}

export const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  confirmed: users.confirmed,
  blocked: users.blocked,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  retentionWarnedAt: users.retentionWarnedAt,
};

export type AdminUserRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

export function presentAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    confirmed: r.confirmed,
    blocked: r.blocked,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    retentionWarnedAt: r.retentionWarnedAt?.toISOString() ?? null,
  };
}
