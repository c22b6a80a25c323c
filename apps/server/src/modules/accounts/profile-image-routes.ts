import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MSG, deletedIdSchema, profileImageFileSchema } from '@pb/core';
import { currentUser } from '../../services/auth';
import { forbidden, notFound } from '../../lib/errors';
import { sendStoredFile } from '../../lib/file-download';
import { errorSchema, idParams, errorResponses } from '../../lib/http-schemas';
import { readUploadedFiles } from '../../lib/uploads';
import { profileImageUrl } from '../../services/image-urls';
import { mayViewProfileImage, ownsProfileImage } from './policy';
import { deleteProfileImage, storeProfileImage } from './profile-images';
import { findProfileImage, findProfileImageWithLogo } from './queries';

const errors = errorResponses(400, 401, 403, 404, 429);

export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  app.post(
    '/upload',
    {
      onRequest: app.requireUser,
      config: { policy: 'organisations.administrator', rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload a logo for the active agency (multipart field "files": one PNG/JPG ≤ 5 MB; its administrators only); PUT /organisation/profile saves it',
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
      if (me.organisation?.kind !== 'agency' || me.organisation.role !== 'administrator') {
        throw forbidden(ACCOUNT_MSG.administratorOnlyUpload);
      }
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
        summary: 'Delete an own uploaded image that is not saved as a logo',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedIdSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const upload = await findProfileImage(app.db, request.params.id);
      // Someone else's file looks exactly like a missing one. A saved logo belongs to its
      // organisation (deleteProfileImage leaves it): never removed by a former member who uploaded it.
      if (!upload || !ownsProfileImage(me, upload)) throw notFound();
      if (!(await deleteProfileImage(app.db, app.storage, upload.id))) throw notFound();
      return { id: upload.id };
    },
  );

  app.get(
    '/profile-images/:id',
    {
      config: { policy: 'accounts.imageViewer' },
      schema: {
        tags: ['uploads'],
        summary:
          "An image: public as the logo of a listed agency, otherwise for its uploader and the organisation's members",
        params: idParams,
        querystring: z.object({ sig: z.string().max(100).optional() }),
        response: { 200: z.unknown().describe('PNG or JPEG bytes'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const found = await findProfileImageWithLogo(app.db, request.params.id, request.user?.id ?? null, app.now());
      if (!found) throw notFound();
      const { upload, listed: isPublic } = found;
      const signature = { secret: app.config.jwtSecret, sig: request.query.sig };
      const image = { id: upload.id, ownerId: upload.ownerId, viewerIsMember: found.viewerIsMember };
      if (!isPublic && !mayViewProfileImage(request.user, image, signature)) throw notFound();
      return sendStoredFile(reply, app.storage, {
        key: upload.storageKey,
        mime: upload.mime,
        disposition: 'inline',
        cacheControl: isPublic ? 'public, max-age=300' : 'private, max-age=300',
      });
    },
  );
};
