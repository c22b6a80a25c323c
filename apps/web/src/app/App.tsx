import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import { queryClient } from './queryClient';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
