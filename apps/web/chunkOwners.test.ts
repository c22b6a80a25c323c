import { describe, expect, it } from 'vitest';
import { ownerOf } from './chunkOwners';

describe('ownerOf', () => {
  it('When a module lies in a package, then the package owns it, scoped ones with their scope', () => {
    expect(ownerOf('/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(ownerOf('/w/node_modules/@tanstack/query-core/build/modern/query.js')).toBe('@tanstack/query-core');
    expect(ownerOf('/w/node_modules/a/node_modules/@restart/ui/esm/utils.js?commonjs-proxy')).toBe('@restart/ui');
  });

  it('When a module is ours, then core or the web folder of its feature owns it', () => {
    expect(ownerOf('/w/packages/core/src/fees.ts')).toBe('@pb/core');
    expect(ownerOf('/w/apps/web/src/features/landing/JobsSection.tsx')).toBe('web/features/landing');
    expect(ownerOf('/w/apps/web/src/main.tsx')).toBe('web/main');
    expect(ownerOf('\0vite/preload-helper.js')).toBe('vite');
  });
});
