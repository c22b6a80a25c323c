import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { emailSchema, PASSWORD_MAX_LENGTH } from '@pb/core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { revokeTokens } from '../../services/sessions';
import { recordAudit } from '../../services/audit';

/** Minimum length of an admin password (ADMIN_PASSWORD is validated with the same bound). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export type EnsureAdminOutcome = 'created' | 'promoted' | 'updated' | 'exists';

export interface EnsureAdminResult {
  outcome: EnsureAdminOutcome;
  userId: number;
  /** Set only when the password was generated here; show it once, never store it. */
  generatedPassword?: string;
}

export interface EnsureAdminOptions {
  email: string;
  /** Omitted → a random password (24 characters) is generated. */
  password?: string | undefined;
  /**
   * 'upsert' (CLI): create, or promote/reset an existing account.
   * 'create-if-missing' (start-up env): only create; an existing account is left alone.
   */
  mode: 'upsert' | 'create-if-missing';
}

export class AdminAccountError extends Error {
  override name = 'AdminAccountError';
}

export function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The one way an account gets role 'admin' (registration and profile updates never can):
 * used by `npm run admin:create` and by ADMIN_EMAIL/ADMIN_PASSWORD at start-up.
 */
export async function ensureAdmin(db: Db, options: EnsureAdminOptions): Promise<EnsureAdminResult> {
  const parsed = emailSchema.safeParse(options.email);
  if (!parsed.success) throw new AdminAccountError(`Ungültige E-Mail-Adresse: ${options.email}`);
  const email = parsed.data;
  if (options.password !== undefined) {
    // A pasted or piped second line would silently become part of the password.
    if (/[\r\n\u2028\u2029]/.test(options.password)) {
      throw new AdminAccountError('Das Passwort darf keinen Zeilenumbruch enthalten.');
    }
    if (options.password.length < ADMIN_PASSWORD_MIN_LENGTH || options.password.length > PASSWORD_MAX_LENGTH) {
      throw new AdminAccountError(
        `Das Passwort muss ${ADMIN_PASSWORD_MIN_LENGTH} bis ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
      );
    }
  }
  const generated = options.password === undefined ? generateAdminPassword() : undefined;
  const password = options.password ?? generated!;

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for('update');
    if (existing && options.mode === 'create-if-missing') {
      return { outcome: 'exists' as const, userId: existing.id };
    }
    const passwordHash = await hashPassword(password);
    if (existing) {
      await tx
        .update(users)
        .set({
          role: 'admin',
          passwordHash,
          confirmed: true,
          blocked: false,
          retentionWarnedAt: null,
          // Run by a CLI or at start-up, outside a running server's sockets: an open socket
          // of this account ends at its next event (version check) or its token's expiry.
          ...revokeTokens(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      const outcome = existing.role === 'admin' ? ('updated' as const) : ('promoted' as const);
      await recordAudit(tx, null, {
        action: outcome === 'promoted' ? 'admin.promote' : 'admin.password',
        entity: 'user',
        entityId: existing.id,
        before: { role: existing.role },
        after: { role: 'admin' },
      });
      return { outcome, userId: existing.id, ...(generated ? { generatedPassword: generated } : {}) };
    }
    const username = await freeUsername(tx, email);
    const [row] = await tx
      .insert(users)
      .values({ username, email, passwordHash, role: 'admin', confirmed: true })
      .returning({ id: users.id });
    await recordAudit(tx, null, {
      action: 'admin.create',
      entity: 'user',
      entityId: row!.id,
      after: { email, role: 'admin' },
    });
    return { outcome: 'created' as const, userId: row!.id, ...(generated ? { generatedPassword: generated } : {}) };
  });
}

/** "Backoffice (name)" from the address, with a number appended if taken. */
async function freeUsername(db: Pick<Db, 'select'>, email: string): Promise<string> {
  const base = `Backoffice ${email.split('@')[0]}`.slice(0, 100);
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? base : `${base} ${i + 1}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`)
      .limit(1);
    if (!taken) return candidate;
  }
  return `Backoffice ${randomBytes(4).toString('hex')}`;
}
