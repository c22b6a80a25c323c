import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentSchema, MAX_CHAT_FILES, MSG } from '@pb/core';
import { currentUser } from '../../services/auth';
import { notFound } from '../../lib/errors';
import { contentDisposition, sendStoredFile } from '../../lib/file-download';
import { idParams, idSchema, singleSchema, errorResponses } from '../../lib/http-schemas';
import { readUploadedFiles } from '../../lib/uploads';
import { findJob, listAttachments, visibleTo } from './repository';
import { assertOnAdvertisement } from './policy';
import { attachmentForDownload } from './queries';
import { addAttachments, removeAttachment } from './service';

/** Documents (.pdf/.doc/.docx) attached to an advertisement by its owner; readable by logged-in users. */

const uploadParams = z.object({ id: idSchema, uploadId: idSchema });
const listResponse = singleSchema(z.array(attachmentSchema));
const errors = errorResponses(400, 401, 403, 404);

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jobs/:id/attachments',
    {
      config: { policy: 'jobs.write' },
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
      await assertOnAdvertisement(app.db, user, request.params.id);
      const files = await readUploadedFiles(request, { kind: 'document', maxFiles: MAX_CHAT_FILES });
      const data = await addAttachments(app.db, app.storage, user, request.params.id, files);
      return reply.code(201).send({ data, meta: {} });
    },
  );

  app.get(
    '/jobs/:id/attachments',
    {
      config: { policy: 'signedIn' },
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
      const job = await findJob(app.db, request.params.id, visibleTo(user));
      if (!job) throw notFound(MSG.advertisementGone);
      return { data: await listAttachments(app.db, job.id), meta: {} };
    },
  );

  app.get(
    '/job-attachments/:id',
    {
      config: { policy: 'signedIn' },
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
      const row = await attachmentForDownload(app.db, visibleTo(user), request.params.id);
      if (!row) throw notFound('Datei nicht gefunden.');
      return sendStoredFile(
        reply,
        app.storage,
        {
          key: row.storageKey,
          mime: row.mime,
          disposition: contentDisposition(row.name),
          cacheControl: 'private, no-store',
        },
        'Datei nicht gefunden.',
      );
    },
  );

  app.delete(
    '/jobs/:id/attachments/:uploadId',
    {
      config: { policy: 'jobs.write' },
      preHandler: app.requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'Remove a document (owner only)',
        params: uploadParams,
        response: { 200: singleSchema(attachmentSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, uploadId } = request.params;
      await assertOnAdvertisement(app.db, user, id);
      const removed = await removeAttachment(app.db, app.storage, id, uploadId);
      return {
        data: removed,
        meta: {},
      };
    },
  );
};
