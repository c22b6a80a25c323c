import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@pb/core';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

export interface ContactAnswer {
  data: { id: number; message: string };
}

/** POST /api/contact: the landing page's contact form. */
export function sendContact(body: ContactRequest): Promise<ContactAnswer> {
  return api<ContactAnswer>('/contact', { method: 'POST', body: { ...body } });
}

export function useSendContact(config: MutationConfig<ContactAnswer, ContactRequest> = {}) {
  return useMutation({ ...config, mutationFn: sendContact });
}
