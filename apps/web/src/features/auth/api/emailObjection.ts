import { useMutation } from '@tanstack/react-query';
import type { EmailObjectionResponse } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

/** The objection from the notice to the old address (docs/decisions/0009-email-change.md). */
export function objectToEmailChange(token: string): Promise<EmailObjectionResponse> {
  return api<EmailObjectionResponse>('/email-change/object', { method: 'POST', body: { token } });
}

export function useObjectToEmailChange(config: MutationConfig<EmailObjectionResponse, string> = {}) {
  return useMutation({ ...config, mutationFn: objectToEmailChange });
}
