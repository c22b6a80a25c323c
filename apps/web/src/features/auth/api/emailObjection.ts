import { useMutation } from '@tanstack/react-query';
import type { EmailObjectionResult } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

export interface EmailObjectionAnswer {
  status: EmailObjectionResult;
  message: string;
}

/** The objection from the notice to the old address (docs/decisions/0009-email-change.md). */
export function objectToEmailChange(token: string): Promise<EmailObjectionAnswer> {
  return api<EmailObjectionAnswer>('/email-change/object', { method: 'POST', body: { token } });
}

export function useObjectToEmailChange(config: MutationConfig<EmailObjectionAnswer, string> = {}) {
  return useMutation({ ...config, mutationFn: objectToEmailChange });
}
