import { contactSchema, firstMessage, MSG, type ContactRequest } from '@pb/core';

export type ContactField = keyof ContactRequest;
export interface ContactProblem {
  message: string;
  fields: ContactField[];
}

/**
 * Checks the contact form with the shared schema; an empty field always wins with the spec's
 * message (spec §5). Its own module: ContactSection loads it (and with it zod) only once the
 * form is used, so the landing page's first load carries no schema library.
 */
export function checkContact(
  values: ContactRequest,
): { data: ContactRequest; problem: null } | { data: null; problem: ContactProblem } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { data: result.data, problem: null };
  const fields = result.error.issues
    .map((issue) => issue.path[0])
    .filter((f): f is ContactField => typeof f === 'string' && f in values);
  const anyEmpty = result.error.issues.some((issue) => issue.message === MSG.contactAllRequired);
  return { data: null, problem: { message: anyEmpty ? MSG.contactAllRequired : firstMessage(result.error), fields } };
}
