import { z } from './zod';
import { ADMIN_MSG } from './admin';
import { DISTRICT_NAME_MAX_LENGTH, DISTRICT_STATE_MAX_LENGTH } from './constants';

/** Austria's political districts: the public list and the back office's edits. */

/** A district (GET /api/districts, /api/districts/:id; back-office edits answer with it too). */
export const districtSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
export type District = z.infer<typeof districtSchema>;

// ---------- request bodies (back office) ----------

const districtNameField = z
  .string({ error: ADMIN_MSG.districtNameRequired })
  .trim()
  .min(1, ADMIN_MSG.districtNameRequired)
  .max(DISTRICT_NAME_MAX_LENGTH);

export const districtCreateSchema = z
  .object({
    name: districtNameField,
    state: z
      .string({ error: ADMIN_MSG.districtStateRequired })
      .trim()
      .min(1, ADMIN_MSG.districtStateRequired)
      .max(DISTRICT_STATE_MAX_LENGTH),
  })
  .strict();
export const districtRenameSchema = z.object({ name: districtNameField }).strict();
