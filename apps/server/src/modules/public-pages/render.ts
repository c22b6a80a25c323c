import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageAssets } from './assets';

/** The data a public page's loaders read (apps/web/src/lib/publicData.ts, PublicDataSource). */
export interface PublicDataSource {
  publicConfig(signal: AbortSignal): Promise<unknown>;
  latestJobs(signal: AbortSignal): Promise<unknown>;
  listedAgencies(start: number, signal: AbortSignal): Promise<unknown>;
}

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'failed'; error: unknown };

/** The web build's server entry (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr). */
export interface ServerEntry {
  latestJobsPath: string;
  /** The API path (under /api) of the directory's page of agencies from `start` (GET /api/public-agencies). */
  listedAgenciesPath(start: number): string;
  renderPage(
    request: Request,
    source: PublicDataSource,
    assets: PageAssets,
    nonce: string,
    signal: AbortSignal,
  ): Promise<RenderedPage>;
  renderUnavailable(assets: PageAssets): Promise<string>;
}

/** Loads the server entry built beside the client build, or null when there is none (then the client app renders). */
export async function loadServerEntry(webDist: string): Promise<ServerEntry | null> {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}
