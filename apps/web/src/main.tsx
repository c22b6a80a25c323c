import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { routes } from './app/routes';
import { installModalFocusTrap } from './lib/modalFocusTrap';
import { nextTask } from './lib/nextTask';

declare global {
  interface Window {
    /** Written by React Router's StaticRouterProvider into a page the server rendered. */
    __staticRouterHydrationData?: HydrationState;
  }
}

installModalFocusTrap();

/** The lazy modules of the page the server rendered, loaded before hydrating it (else React Router renders a fallback first). */
async function loadMatchedModules(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

const root = document.getElementById('root')!;
const hydrationData = window.__staticRouterHydrationData;

if (hydrationData) {
  // A public page the server rendered: hydrate its HTML with the data it was rendered from.
  void loadMatchedModules().then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter(hydrationData)} />
      </StrictMode>,
    ),
  );
} else {
  // The signed-in app (no server render). The first render in a task of its own, after the one
  // that evaluated the modules and created the router: two shorter tasks instead of one long one.
  const router = createAppRouter();
  void nextTask().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}
