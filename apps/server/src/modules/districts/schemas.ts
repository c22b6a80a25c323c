import { z } from 'zod';

/** A district as the API answers it (public list and back office). */
export const districtSchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
