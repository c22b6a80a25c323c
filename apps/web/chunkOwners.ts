import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Who owns a module's bytes: its npm package (`react-dom`, `@tanstack/query-core`), our core package,
 * or the web app's folder (`web/features/landing`). Vite's virtual modules count as `vite`.
 */
export function ownerOf(id: string): string {
  const file = id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const inPackage = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (inPackage) return inPackage[1]!;
  const core = file.indexOf('/packages/core/');
  if (core >= 0) return '@pb/core';
  const web = /\/apps\/web\/src\/((?:features|components|app|lib)\/[^/]+|[^/]+)/.exec(file);
  if (web) return `web/${web[1]!.replace(/\.[tj]sx?$/, '')}`;
  return file.startsWith('\0') || file.includes('vite/') ? 'vite' : path.basename(file);
}

/**
 * Writes `<statsDir>/chunk-owners.json` after a client build: for every JS chunk, its bytes after
 * minification by owner (ownerOf). bench/web.bench.ts names with it who owns each kilobyte of a
 * page's scripts (issue 29: "every kilobyte has a named owner"). Outside dist/: not served.
 */
export function chunkOwners(statsDir: string): Plugin {
  return {
    name: 'chunk-owners',
    apply: 'build',
    generateBundle(_options, bundle) {
      const owners: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const byOwner: Record<string, number> = {};
        for (const [id, module] of Object.entries(item.modules)) {
          const owner = ownerOf(id);
          byOwner[owner] = (byOwner[owner] ?? 0) + module.renderedLength;
        }
        owners[item.fileName] = byOwner;
      }
      mkdirSync(statsDir, { recursive: true });
      writeFileSync(path.join(statsDir, 'chunk-owners.json'), `${JSON.stringify(owners, null, 1)}\n`);
    },
  };
}
