import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_MSG } from '@pb/core';
import { uploads, users } from '../../db/schema';
import { currentUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { errorSchema, idParams } from '../../lib/http-schemas';
import { readUploadedFiles } from '../../lib/uploads';
import { isValidProfileImageSignature, profileImageUrl } from '../users/presenter';
import { deleteProfileImage, findProfileImage, storeProfileImage } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const factor = app.config.rateLimitFactor;

  app.post(
    '/upload',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30 * factor, timeWindow: '10 minutes' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile image (multipart field "files": one PNG/JPG ≤ 5 MB; consultants only)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              url: z.string(),
              name: z.string(),
              ext: z.string(),
              mime: z.string(),
              size: z.number(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.role !== 'consultant') throw forbidden(ACCOUNT_MSG.consultantOnlyUpload);
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
      schema: {
        tags: ['uploads'],
        summary: 'Delete an own profile image',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.object({ id: z.number() }), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const upload = await findProfileImage(app.db, request.params.id);
      // Someone else's file looks exactly like a missing one.
      if (!upload || upload.ownerId !== me.id) throw notFound();
      await deleteProfileImage(app.db, app.storage, upload.id);
      return { id: upload.id };
    },
  );

  app.get(
    '/profile-images/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A profile image: public for listed consultants, otherwise only for its owner',
        params: idParams,
        querystring: z.object({ sig: z.string().max(100).optional() }),
        response: { 200: z.unknown().describe('PNG or JPEG bytes'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      // One query: the image together with its owner (an image without owner is not found).
      const [found] = await app.db
        .select({
          upload: uploads,
          owner: {
            public: users.public,
            role: users.role,
            confirmed: users.confirmed,
            blocked: users.blocked,
            profileImgId: users.profileImgId,
          },
        })
        .from(uploads)
        .innerJoin(users, eq(users.id, uploads.ownerId))
        .where(and(eq(uploads.id, request.params.id), eq(uploads.purpose, 'profile_image')))
        .limit(1);
      if (!found) throw notFound();
      const { upload, owner } = found;
      const sig = request.query.sig;
      const isOwner =
        request.user?.id === upload.ownerId ||
        (sig !== undefined && isValidProfileImageSignature(app.config.jwtSecret, upload.id, sig));
      // Only the chosen profile image is public; other uploads (not yet saved) stay the owner's.
      const isPublic =
        owner.profileImgId === upload.id &&
        owner.public &&
        owner.role === 'consultant' &&
        owner.confirmed &&
        !owner.blocked;
      if (!isOwner && !isPublic) throw notFound();
      if (!(await app.storage.exists(upload.storageKey))) throw notFound();
      return reply
        .header('content-type', upload.mime)
        .header('content-length', String(upload.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', isPublic ? 'public, max-age=300' : 'private, max-age=300')
        .send(app.storage.read(upload.storageKey));
    },
  );
};
