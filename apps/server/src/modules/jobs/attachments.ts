import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_MSG, MAX_CHAT_FILES, MAX_JOB_ATTACHMENTS, MSG, type JobAttachment } from '@pb/core';
import type { Db } from '../../db/client';
import { jobAttachments, jobs, uploads } from '../../db/schema';
import { currentUser, type CurrentUser } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { errorSchema, idParams, idSchema } from '../../lib/http-schemas';
import type { FileStorage } from '../../lib/storage';
import { readUploadedFiles, type UploadedFile } from '../../lib/uploads';
import { attachmentUrl, findJob, listAttachments, visibleTo } from './repository';
import { assertAdvertisementOwner } from './policy';
import { attachmentSchema } from './schemas';

/** Documents (.pdf/.doc/.docx) attached to an advertisement by its owner; readable by logged-in users. */

export async function storeAttachments(
  db: Db,
  storage: FileStorage,
  user: CurrentUser,
  jobId: number,
  files: UploadedFile[],
): Promise<JobAttachment[]> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await storage.put(file.buffer, file.ext));
    return await db.transaction(async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
      const [existing] = await tx.select({ n: count() }).from(jobAttachments).where(eq(jobAttachments.jobId, jobId));
      if ((existing?.n ?? 0) + files.length > MAX_JOB_ATTACHMENTS) throw badRequest(JOB_MSG.tooManyAttachments);
      const rows = await tx
        .insert(uploads)
        .values(
          files.map((file, i) => ({
            ownerId: user.id,
            purpose: 'job_attachment' as const,
            storageKey: keys[i]!,
            originalName: file.filename,
            ext: file.ext,
            mime: file.mime,
            size: file.size,
          })),
        )
        .returning();
      await tx.insert(jobAttachments).values(rows.map((r) => ({ jobId, uploadId: r.id })));
      return rows.map((r) => ({
        id: r.id,
        name: r.originalName,
        ext: r.ext,
        mime: r.mime,
        size: r.size,
        url: attachmentUrl(r.id),
      }));
    });
  } catch (error) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw error;
  }
}

const uploadParams = z.object({ id: idSchema, uploadId: idSchema });
const listResponse = z.object({ data: z.array(attachmentSchema), meta: z.object({}) });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jobs/:id/attachments',
    {
      preHandler: app.requireRole('company'),
      schema: {
        tags: ['jobs'],
        summary: 'Upload documents (.pdf, .doc, .docx; field "files", up to 5 at once, 5 MB each) — owner only',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: listResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await assertAdvertisementOwner(app.db, user, request.params.id);
      const files = await readUploadedFiles(request, { kind: 'document', maxFiles: MAX_CHAT_FILES });
      const data = await storeAttachments(app.db, app.storage, user, request.params.id, files);
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.get(
    '/jobs/:id/attachments',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: "An advertisement's documents",
        params: idParams,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const job = await findJob(app.db, request.params.id, visibleTo(user.id));
      if (!job) throw notFound(MSG.advertisementGone);
      return { data: await listAttachments(app.db, job.id), meta: {} };
    },
  );

  app.get(
    '/job-attachments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'Download one document (attachment)',
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [row] = await app.db
        .select({ storageKey: uploads.storageKey, name: uploads.originalName, mime: uploads.mime, size: uploads.size })
        .from(uploads)
        .innerJoin(jobAttachments, eq(jobAttachments.uploadId, uploads.id))
        .innerJoin(jobs, eq(jobs.id, jobAttachments.jobId))
        .where(and(eq(uploads.id, request.params.id), visibleTo(user.id)))
        .limit(1);
      if (!row || !(await app.storage.exists(row.storageKey))) throw notFound('Datei nicht gefunden.');
      const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', row.mime)
        .header('content-length', row.size)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(app.storage.read(row.storageKey));
    },
  );

  app.delete(
    '/jobs/:id/attachments/:uploadId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'Remove a document (owner only)',
        params: uploadParams,
        response: { 200: z.object({ data: attachmentSchema, meta: z.object({}) }), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, uploadId } = request.params;
      await assertAdvertisementOwner(app.db, user, id);
      const removed = await app.db.transaction(async (tx) => {
        const [link] = await tx
          .delete(jobAttachments)
          .where(and(eq(jobAttachments.jobId, id), eq(jobAttachments.uploadId, uploadId)))
          .returning();
        if (!link) return undefined;
        const [upload] = await tx.delete(uploads).where(eq(uploads.id, uploadId)).returning();
        return upload;
      });
      if (!removed) throw notFound('Datei nicht gefunden.');
      await app.storage.remove(removed.storageKey).catch(() => undefined);
      return {
        data: {
          id: removed.id,
          name: removed.originalName,
          ext: removed.ext,
          mime: removed.mime,
          size: removed.size,
          url: attachmentUrl(removed.id),
        },
        meta: {},
      };
    },
  );
};
