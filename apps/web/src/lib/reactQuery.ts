import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a page may add to a feature's mutation hook: its own callbacks run after the
 * hook's cache updates (the hook owns the fetcher and the keys it invalidates).
 */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;
