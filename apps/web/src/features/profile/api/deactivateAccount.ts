import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';

/** DELETE /api/users/:id: deactivates the own account. */
export function deactivateAccount(userId: number): Promise<unknown> {
  return api(`/users/${userId}`, { method: 'DELETE' });
}

export function useDeactivateAccount(config: MutationConfig<unknown, number> = {}) {
  return useMutation({ ...config, mutationFn: deactivateAccount });
}
