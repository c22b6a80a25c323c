import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { DATA_EXPORT_VALID_DAYS } from '@pb/core';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import { isDatabaseUnavailable, rootCause } from '../../lib/db-errors';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import { newOpaqueToken } from '../../lib/tokens';
import { findUserById } from '../accounts';
import { enqueueMail } from '../../services/mail-outbox';
import { writeExportZip } from './archive';
import { collectAccountData } from './contents';
import { downloadLink, exportReadyMail } from './mails';
import { exportReadme } from './readme';

/** After this many failed attempts a request is 'fehlgeschlagen' (the account may ask again). */
export const MAX_EXPORT_ATTEMPTS = 8;

/** Retry delay: 30 s, 60 s, 120 s … capped at one hour. */
export function exportBackoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DataExportWorkerOptions {
  db: Db;
  storage: FileStorage;
  log: Logger;
  publicUrl: string;
  now?: () => Date;
  intervalMs?: number;
  /** A claim is held this long and renewed every third of it while the ZIP is built. */
  leaseMs?: number;
  /** Where the ZIP is written before it goes to the store (default: the OS temp folder). */
  tempDir?: string;
}

interface ClaimedExport {
  id: number;
  userId: number;
  attempts: number;
  /** The file this attempt writes. */
  key: string;
  /** A file an earlier attempt may have left (its worker died mid-upload); removed first. */
  staleKey: string | null;
  /** The lease's owner. */
  token: string;
}

/**
 * Builds requested data exports. A request is claimed with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until, renewed while building), so any number of instances run a worker and none builds
 * an export another is building; a request whose worker died is taken up again when the lease ran
 * out. The ZIP goes to the file store under a key no reader knows; only after the upload
 * completed does one transaction point the row at it, store the token's hash and queue the mail.
 * A failure (disk full, S3 away, database away) leaves the request pending with a delay, and no
 * mail goes out.
 */
export class DataExportWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly leaseMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: DataExportWorkerOptions) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runOnce()
        .catch((err: unknown) => this.logFailure(err, 'run'))
        .finally(() => {
          if (this.stopped) return;
          this.timer = setTimeout(tick, this.options.intervalMs ?? 5000);
          this.timer.unref();
        });
    };
    this.timer = setTimeout(tick, 1000);
    this.timer.unref();
  }

  /** Stops claiming; an export being built is finished first. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Builds every due export once; returns how many were finished here. Safe to call concurrently. */
  runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.buildDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async buildDue(): Promise<number> {
    let built = 0;
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) break;
      if (await this.build(job)) built += 1;
    }
    return built;
  }

  private async claim(): Promise<ClaimedExport | null> {
    const token = randomUUID();
    const key = newStorageKey('zip');
    const result = await this.options.db.execute(sql`
      WITH picked AS (
        SELECT id, building_key FROM data_exports
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE data_exports d
        SET locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}), locked_by = ${token},
            attempts = d.attempts + 1, building_key = ${key}
      FROM picked WHERE d.id = picked.id
      RETURNING d.id, d.user_id, d.attempts, picked.building_key AS stale_key`);
    const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    if (!row) return null;
    return {
      id: Number(row['id']),
      userId: Number(row['user_id']),
      attempts: Number(row['attempts']),
      key,
      staleKey: (row['stale_key'] as string | null) ?? null,
      token,
    };
  }

  /** Builds, uploads and commits one claimed export; false when it failed (and was rescheduled). */
  private async build(job: ClaimedExport): Promise<boolean> {
    const { db, storage } = this.options;
    const renew = setInterval(() => {
      db.execute(
        sql`UPDATE data_exports SET locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
            WHERE id = ${job.id} AND locked_by = ${job.token}`,
      ).catch((err: unknown) => this.logFailure(err, 'lease renewal'));
    }, this.leaseMs / 3);
    renew.unref();
    const dir = await mkdtemp(path.join(this.options.tempDir ?? tmpdir(), 'pb-export-'));
    try {
      if (job.staleKey) await storage.remove(job.staleKey);
      const now = this.now();
      const contents = await collectAccountData(db, storage, job.userId, now);
      // The account is gone: its request went with it (ON DELETE CASCADE).
      if (!contents) return false;
      const user = await findUserById(db, job.userId);
      const file = path.join(dir, 'export.zip');
      const size = await writeExportZip(contents, exportReadme(user?.username ?? '', now), file, now);
      await storage.putStream(job.key, createReadStream(file), size);
      if (await this.commit(job, size, now)) {
        this.options.log.info({ exportId: job.id, userId: job.userId, size }, 'data export ready');
        return true;
      }
      // The lease was lost or the account deleted meanwhile: this file belongs to nobody.
      await storage.remove(job.key).catch(() => undefined);
      return false;
    } catch (err) {
      await storage.remove(job.key).catch(() => undefined);
      await this.reschedule(job, err).catch((e: unknown) => this.logFailure(e, 'reschedule'));
      return false;
    } finally {
      clearInterval(renew);
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Points the row at the uploaded file, stores the token's hash and queues the mail, in one transaction. */
  private async commit(job: ClaimedExport, size: number, now: Date): Promise<boolean> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_VALID_DAYS * 86_400_000);
    return this.options.db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          storageKey: job.key,
          buildingKey: null,
          size,
          tokenHash: hash,
          readyAt: now,
          expiresAt,
          lockedUntil: null,
          lockedBy: null,
          lastError: null,
        })
        .where(
          and(
            eq(dataExports.id, job.id),
            eq(dataExports.lockedBy, job.token),
            eq(dataExports.status, 'pending'),
            eq(dataExports.buildingKey, job.key),
          ),
        )
        .returning({ id: dataExports.id });
      if (!done) return false;
      const user = await findUserById(tx, job.userId);
      if (!user) return false;
      const link = downloadLink(this.options.publicUrl, token);
      await enqueueMail(tx, exportReadyMail(user.email, user.username, link, expiresAt));
      return true;
    });
  }

  private async reschedule(job: ClaimedExport, err: unknown): Promise<void> {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const failed = job.attempts >= MAX_EXPORT_ATTEMPTS;
    this.logFailure(err, failed ? 'build (giving up)' : 'build (will retry)', job.id);
    await this.options.db.execute(sql`
      UPDATE data_exports SET locked_until = NULL, locked_by = NULL, last_error = ${message.slice(0, 1000)},
        status = ${failed ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${exportBackoffSeconds(job.attempts)})
      WHERE id = ${job.id} AND locked_by = ${job.token}`);
  }

  private logFailure(err: unknown, step: string, exportId?: number): void {
    if (isDatabaseUnavailable(err)) {
      this.options.log.warn({ step, exportId, err: rootCause(err) }, 'data export: database unavailable, will retry');
    } else {
      this.options.log.warn({ step, exportId, err }, 'data export failed');
    }
  }
}
