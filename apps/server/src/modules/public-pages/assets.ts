import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a server-rendered page loads from the client build (apps/web/src/app/Document.tsx's PageAssets). */
export interface PageAssets {
  entry: string | null;
  styles: string[];
  modulePreloads: string[];
  /** The build's route preloader (apps/web/routePreload.ts): the page's own chunks, while the entry loads. */
  routePreload: string | null;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The client entry, its stylesheets and the chunks it imports, from Vite's manifest
 * (`build.manifest`): the same files the client build's index.html names.
 */
export function readPageAssets(webDist: string): PageAssets | null {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  if (!entry) return null;
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const assetsDir = path.join(webDist, 'assets');
  const routePreload = existsSync(assetsDir)
    ? readdirSync(assetsDir).find((name) => name.startsWith('route-preload-') && name.endsWith('.js'))
    : undefined;
  return {
    entry: `/${entry.file}`,
    // With cssCodeSplit off the build's one stylesheet is the manifest's 'style.css'.
    styles: [...(entry.css ?? []), ...(manifest['style.css'] ? [manifest['style.css'].file] : [])].map(
      (file) => `/${file}`,
    ),
    modulePreloads: [...preloads],
    routePreload: routePreload ? `/assets/${routePreload}` : null,
  };
}
