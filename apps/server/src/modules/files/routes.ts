import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { errorSchema, idParams } from '../../lib/http-schemas';
import { chatFileForDownload } from '../chat/service';

/** RFC 5987 form of a file name for Content-Disposition. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Downloads of stored files. Chat files: only the conversation's two parties and admins. */
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
      if (!upload || !(await app.storage.exists(upload.storageKey))) throw notFound();
      return reply
        .header('content-type', upload.mime)
        .header('content-length', String(upload.size))
        .header('content-disposition', contentDisposition(upload.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(app.storage.read(upload.storageKey));
    },
  );
};
