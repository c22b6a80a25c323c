import { createBrowserRouter, type HydrationState } from 'react-router';
import { routes } from './routes';

/** The browser's router; `hydrationData` is what the server rendered a public page with (no second fetch). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
