import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routes } from './app/routes';
import { Document, type PageAssets } from './app/Document';
import { UnavailablePage } from './app/UnavailablePage';
import type { PublicDataSource } from './lib/publicData';

export type { PageAssets, PublicDataSource };
export { latestJobsPath } from './features/landing/api/latestJobs';
export { listedAgenciesPath } from './features/consultants/api/listedAgencies';

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string }
  /** A loader failed (the database is away …): the server answers its 503 page, never half a page. */
  | { kind: 'failed'; error: unknown };

/**
 * Renders a public page to complete HTML (server side, issue 29): React Router's static handler
 * runs the page's loaders with the server's data source, React renders the whole document with
 * every Suspense boundary resolved (prerender: no half page), and the browser hydrates it with the
 * same data (React Router's hydration script, under the response's CSP nonce). `signal` is the
 * render's time budget: when it fires the render is aborted and the caller serves the client app.
 */
export async function renderPage(
  request: Request,
  source: PublicDataSource,
  assets: PageAssets,
  nonce: string,
  signal: AbortSignal,
): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: source });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const failure = context.errors ? Object.values(context.errors)[0] : undefined;
  if (failure !== undefined) return { kind: 'failed', error: failure };
  const router = createStaticRouter(handler.dataRoutes, context);
  // One client per request: nothing a visitor's render caches reaches another's.
  const queryClient = new QueryClient();
  const { prelude } = await prerenderToNodeStream(
    <Document assets={assets}>
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} nonce={nonce} />
        </QueryClientProvider>
      </StrictMode>
    </Document>,
    {
      signal,
      // Every Suspense boundary inline, in document order: React otherwise moves large finished
      // boundaries to the end and swaps them in with inline scripts — the page would need
      // JavaScript (and a CSP exception) to show its content.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // The route preloader first (it names the page's chunks), then the entry that hydrates.
      bootstrapModules: [assets.routePreload, assets.entry].filter((src): src is string => src !== null),
    },
  );
  return { kind: 'page', status: context.statusCode, html: await textOf(prelude) };
}

/** The German page for a render that could not get its data (the server answers it with 503 and Retry-After). */
export async function renderUnavailable(assets: PageAssets): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Document assets={{ ...assets, entry: null, routePreload: null, modulePreloads: [] }}>
      <UnavailablePage />
    </Document>,
  );
  return textOf(prelude);
}

/** The prerendered document as one string (the page is sent whole, never streamed in halves). */
async function textOf(prelude: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
