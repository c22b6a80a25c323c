import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (App provides it; route loaders start requests into it). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
