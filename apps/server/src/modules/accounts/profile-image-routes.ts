import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MSG, deletedIdSchema, profileImageFileSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { forbidden, notFound } from '../../lib/errors';
import { sendStoredFile } from '../../lib/file-download';
import { errorSchema, idParams, errorResponses } from '../../lib/http-schemas';
import { hasRole } from '../../services/policies';
import { readUploadedFiles } from '../../lib/uploads';
import { isProfileImageOwner, isPublicProfileImage, ownsProfileImage } from './policy';
import { profileImageUrl } from './presenter';
import { deleteProfileImage, storeProfileImage } from './profile-images';
import { findProfileImage, findProfileImageWithOwner } from './queries';

const errors = errorResponses(400, 401, 403, 404, 429);

export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  app.post(
    '/upload',
    {
      onRequest: app.requireUser,
      config: { policy: 'role:consultant', rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile image (multipart field "files": one PNG/JPG ≤ 5 MB; consultants only)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: z.array(profileImageFileSchema),
          ...errors,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!hasRole(me, 'consultant')) throw forbidden(ACCOUNT_MSG.consultantOnlyUpload);
      const [file] = await readUploadedFiles(request, { kind: 'image', maxFiles: 1 });
      const row = await storeProfileImage(app.db, app.storage, me.id, file!);
      return [
        {
          id: row.id,
          url: profileImageUrl(row.id, app.config.jwtSecret)!,
          name: row.originalName,
          ext: `.${row.ext}`,
          mime: row.mime,
          size: row.size,
        },
      ];
    },
  );

  app.delete(
    '/upload/files/:id',
    {
      onRequest: app.requireUser,
      config: { policy: 'accounts.imageOwner' },
      schema: {
        tags: ['uploads'],
        summary: 'Delete an own profile image',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedIdSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const upload = await findProfileImage(app.db, request.params.id);
      // Someone else's file looks exactly like a missing one.
      if (!upload || !ownsProfileImage(me, upload)) throw notFound();
      await deleteProfileImage(app.db, app.storage, upload.id);
      return { id: upload.id };
    },
  );

  app.get(
    '/profile-images/:id',
    {
      config: { policy: 'accounts.imageViewer' },
      schema: {
        tags: ['uploads'],
        summary: 'A profile image: public for listed consultants, otherwise only for its owner',
        params: idParams,
        querystring: z.object({ sig: z.string().max(100).optional() }),
        response: { 200: z.unknown().describe('PNG or JPEG bytes'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const found = await findProfileImageWithOwner(app.db, request.params.id);
      if (!found) throw notFound();
      const { upload, owner } = found;
      const isPublic = isPublicProfileImage(upload, owner);
      const signature = { secret: app.config.jwtSecret, sig: request.query.sig };
      if (!isPublic && !isProfileImageOwner(request.user, upload, signature)) throw notFound();
      return sendStoredFile(reply, app.storage, {
        key: upload.storageKey,
        mime: upload.mime,
        disposition: 'inline',
        cacheControl: isPublic ? 'public, max-age=300' : 'private, max-age=300',
      });
    },
  );
};
