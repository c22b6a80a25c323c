import { z } from 'zod';
import { ADMIN_MSG } from './admin';

/** Austria's political districts: the public list and the back office's edits. */

/** A district (GET /api/districts, /api/districts/:id; back-office edits answer with it too). */
export const districtSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
export type District = z.infer<typeof districtSchema>;

// ---------- request bodies (back office) ----------

export const districtCreateSchema = z
  .object({
    name: z.string({ error: ADMIN_MSG.districtNameRequired }).trim().min(1, ADMIN_MSG.districtNameRequired).max(120),
    state: z.string({ error: ADMIN_MSG.districtStateRequired }).trim().min(1, ADMIN_MSG.districtStateRequired).max(60),
  })
  .strict();
export const districtRenameSchema = z
  .object({
    name: z.string({ error: ADMIN_MSG.districtNameRequired }).trim().min(1, ADMIN_MSG.districtNameRequired).max(120),
  })
  .strict();
