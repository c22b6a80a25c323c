import { z } from 'zod';
import { ADMIN_MSG } from './admin';

/** Austria's political districts: the public list and the back office's edits. */

export interface District {
  id: number;
  name: string;
  state: string;
}

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
