import type { AdminAuditEntry } from '@pb/core';
import { useAdminList, type ListParams } from './adminQueries';

/** GET /api/admin/audit-log. */
export const useAuditLog = (params: ListParams) =>
  useAdminList<AdminAuditEntry>('audit-log', '/admin/audit-log', params);
