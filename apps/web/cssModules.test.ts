import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The CSS modules of src/ (issue 29: each page's styles scoped to it) and the sources that use them.
 * A class a source names but its module lacks is `undefined` at run time — the element is silently
 * unstyled, and TypeScript cannot tell (vite/client types a module as any string key).
 */

const srcDir = path.join(import.meta.dirname, 'src');

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The classes a module defines: in its selectors, outside :global(…). */
function definedClasses(css: string): Set<string> {
  const selectors = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)]
    .map(([, prelude]) => (prelude ?? '').trim())
    .filter((prelude) => !prelude.startsWith('@'))
    .map((selector) => selector.replace(/:global\([^)]*\)/g, ''));
  return new Set(
    selectors.flatMap((selector) => [...selector.matchAll(/\.([A-Za-z_][\w-]*)/g)].map(([, name]) => name ?? '')),
  );
}

/** Each module with the classes the sources importing it use (`import styles from './X.module.css'` → styles.x). */
function moduleUses(): Map<string, { used: Map<string, string[]>; importers: string[] }> {
  const modules = new Map<string, { used: Map<string, string[]>; importers: string[] }>();
  for (const file of filesBelow(srcDir).filter((f) => /\.tsx?$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const [, binding, specifier] of text.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)) {
      const module = path.resolve(path.dirname(file), specifier ?? '');
      const entry = modules.get(module) ?? { used: new Map<string, string[]>(), importers: [] };
      entry.importers.push(path.relative(srcDir, file));
      const code = text.replace(/^import .*$/gm, '');
      for (const [, name] of code.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, 'g'))) {
        entry.used.set(name ?? '', [...(entry.used.get(name ?? '') ?? []), path.relative(srcDir, file)]);
      }
      modules.set(module, entry);
    }
  }
  return modules;
}

describe('CSS modules', () => {
  const modules = moduleUses();
  const cases = [...modules].map(([module, uses]) => ({ name: path.relative(srcDir, module), module, ...uses }));

  it('When the sources are read, then they import CSS modules', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases)('When $name is used, then every class its importers name is defined in it', ({ module, used }) => {
    const defined = definedClasses(readFileSync(module, 'utf8'));
    const missing = [...used]
      .filter(([name]) => !defined.has(name))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it.each(cases)(
    'When $name is used, then each of its classes is named by an importer',
    ({ module, used, importers }) => {
      const unused = [...definedClasses(readFileSync(module, 'utf8'))].filter((name) => !used.has(name));
      expect(unused, `not named in ${importers.join(', ')}`).toEqual([]);
    },
  );

  it('When a module is read, then classes in :global(…) and in values are not taken for its own', () => {
    const css = `/* .comment {} */\n.box :global(.card-body) { background: url(a.png); padding: 0.5rem; }\n@media (min-width: 768px) {\n  .row.active:hover { color: red; }\n}`;
    expect([...definedClasses(css)].sort()).toEqual(['active', 'box', 'row']);
  });
});
