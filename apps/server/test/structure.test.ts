import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md: a route parses, asks a policy, calls one command and presents.
 * Commands own their transactions, so a file that registers routes never opens one.
 * (The import arrows themselves are checked by `npm run lint:deps`.)
 */

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const registersRoutes = (text: string) => /\bapp\.(get|post|put|patch|delete|route)\(/.test(text);

describe('module structure', () => {
  const files = sourceFiles(modulesDir).map((file) => ({
    name: path.relative(modulesDir, file),
    text: readFileSync(file, 'utf8'),
  }));
  const routeFiles = files.filter((f) => registersRoutes(f.text));

  it('When the modules are read, then route files are found (the check below looks at something)', () => {
    expect(routeFiles.length).toBeGreaterThan(15);
  });

  it('When a file registers routes, then it opens no transaction (commands in service files do)', () => {
    const offenders = routeFiles.filter((f) => /\.transaction\(/.test(f.text)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });
});
