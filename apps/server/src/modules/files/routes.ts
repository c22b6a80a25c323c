import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../services/auth';
import { notFound } from '../../lib/errors';
import { contentDisposition, sendStoredFile } from '../../lib/file-download';
import { errorSchema, idParams } from '../../lib/http-schemas';
import { chatFileForDownload } from '../chat';

/**
 * Downloads of stored files. Chat files: only the conversation's two parties and admins, but an
 * introduction's CV the two parties only (chat/policy).
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    {
      config: { policy: 'chat.reader' },
      preHandler: app.requireUser,
      schema: {
        tags: ['files'],
        summary: 'Download a chat file (participants of its conversation and admins)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await chatFileForDownload(app.db, user, request.params.id);
      if (!upload) throw notFound();
      return sendStoredFile(reply, app.storage, {
        key: upload.storageKey,
        mime: upload.mime,
        disposition: contentDisposition(upload.originalName),
        cacheControl: 'private, no-store',
      });
    },
  );
};
