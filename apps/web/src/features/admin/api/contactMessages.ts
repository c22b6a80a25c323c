import type { AdminContactMessage, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { useAdminList, useAdminMutation, type ListParams } from './adminQueries';

/** Messages from the landing page's contact form: /api/admin/contact-messages. */

export const useContactMessages = (params: ListParams) =>
  useAdminList<AdminContactMessage>('contact-messages', '/admin/contact-messages', params);

export const useMarkHandled = () =>
  useAdminMutation((v: { id: number; handled: boolean }) =>
    api<Single<AdminContactMessage>>(`/admin/contact-messages/${v.id}/handled`, {
      method: 'PUT',
      body: { handled: v.handled },
    }),
  );
