import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';

/**
 * The build's PurgeCSS step for Bootstrap's stylesheet (issue 14: the landing page loaded all of
 * bootstrap.min.css, 25 KB brotli, most of it rules no page uses). A Bootstrap rule stays when the class,
 * tag or attribute it needs appears in
 * - our sources (src/, index.html);
 * - the react-bootstrap and @restart/ui modules our sources import, followed through their own
 *   imports: the classes they set at run time (.show, .fade, .collapsing, .modal-backdrop,
 *   .dropdown-menu, data-bs-popper …);
 * - or it is a class react-bootstrap composes from props (`btn-${variant}`, `bg-${bg}`,
 *   `spinner-${animation}-${size}`, `navbar-expand-${expand}` …) or that our sources compose in a
 *   className={`…`} template (`alert-${kind}`): one of the prefixes those modules compose — their
 *   useBootstrapPrefix names and `name-${…}` templates — or such a template's prefix, followed by
 *   words that appear in our sources or as composed suffixes in the modules (btn + outline-primary,
 *   spinner + border + sm, navbar + expand + lg, container + xxl).
 * Custom properties (--bs-*), keyframes and font faces are all kept. Our own stylesheets are
 * left as they are.
 */

const require = createRequire(import.meta.url);
const WORD = /[A-Za-z0-9_-]+/g;
const words = (text: string): string[] => text.match(WORD) ?? [];

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The folder a package is installed in (its package.json is not always among its exports). */
function packageRoot(name: string): string {
  const entry = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

/** The esm module a react-bootstrap or @restart/ui import names, or null for any other import. */
function libraryModule(specifier: string, importer: string): string | null {
  if (specifier.startsWith('.')) {
    if (!importer.includes(`${path.sep}node_modules${path.sep}`)) return null;
    const file = path.resolve(path.dirname(importer), specifier);
    return file.endsWith('.js') ? file : `${file}.js`;
  }
  const match = /^(react-bootstrap|@restart\/ui)(?:\/(?:esm\/)?(.+))?$/.exec(specifier);
  if (!match) return null;
  return path.join(packageRoot(match[1] ?? ''), 'esm', `${match[2] ?? 'index'}.js`);
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;

/**
 * Library modules that modules we use import, but that render only when our sources ask for them
 * in a way this pattern finds. Unasked, they are not followed: their composed classes (offcanvas-*
 * with every placement and breakpoint, col-{breakpoint}-{n}) would stay for nothing.
 */
const RENDERED_ONLY_WHEN: Array<{ module: string; asked: RegExp }> = [
  // Navbar imports it for Navbar.Offcanvas.
  { module: `react-bootstrap${path.sep}esm${path.sep}NavbarOffcanvas.js`, asked: /Offcanvas/ },
  // Form.Label renders a Col with its `column` prop; Placeholder uses Col too.
  {
    module: `react-bootstrap${path.sep}esm${path.sep}Col.js`,
    asked: /<Form\.Label[^>]*\bcolumn\b|react-bootstrap\/(Col|Placeholder)\b/,
  },
];

/** react-bootstrap and @restart/ui modules reachable from our sources. */
function usedLibraryModules(sources: string[]): string[] {
  const sourceText = sources.map((file) => readFileSync(file, 'utf8')).join('\n');
  const unasked = RENDERED_ONLY_WHEN.filter(({ asked }) => !asked.test(sourceText)).map(({ module }) => module);
  const found = new Set<string>();
  const visit = (file: string, text: string) => {
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const module = specifier ? libraryModule(specifier, file) : null;
      if (module && unasked.some((end) => module.endsWith(end))) continue;
      if (module && !found.has(module)) {
        found.add(module);
        visit(module, readFileSync(module, 'utf8'));
      }
    }
  };
  for (const file of sources) visit(file, readFileSync(file, 'utf8'));
  return [...found];
}

/** Prefixes of `text-${…}` templates in a text. */
const templatePrefixes = (text: string): string[] =>
  [...text.matchAll(/[`\s'"]([A-Za-z][\w-]*?)-\$\{/g)].flatMap(([, prefix]) => (prefix ? [prefix] : []));

/** Prefixes a module composes class names from: useBootstrapPrefix(…, 'btn') and `text-${…}`. */
function modulePrefixes(text: string): string[] {
  const named = [...text.matchAll(/useBootstrapPrefix\(\s*[\w$.]+\s*,\s*'([\w-]+)'\s*\)/g)];
  return [...named.flatMap(([, prefix]) => (prefix ? [prefix] : [])), ...templatePrefixes(text)];
}

/** Prefixes our sources compose class names from: templates in className={`…`} (alert-${kind}). */
const sourcePrefixes = (text: string): string[] =>
  [...text.matchAll(/className=\{`([^`]*)`\}/g)].flatMap(([, template]) => templatePrefixes(` ${template ?? ''}`));

/** Bootstrap classes made of a composed prefix and words (each word may itself contain dashes). */
function composedClasses(classNames: Iterable<string>, prefixes: Set<string>, known: Set<string>): string[] {
  const isWords = (rest: string) => {
    const parts = rest.split('-');
    const reachable = [true];
    for (let end = 1; end <= parts.length; end++) {
      reachable[end] = false;
      for (let start = 0; start < end && !reachable[end]; start++) {
        reachable[end] = Boolean(reachable[start]) && known.has(parts.slice(start, end).join('-'));
      }
    }
    return reachable[parts.length] === true;
  };
  return [...classNames].filter((name) =>
    [...prefixes].some((prefix) => name.startsWith(`${prefix}-`) && isWords(name.slice(prefix.length + 1))),
  );
}

type PostcssPlugin = ReturnType<typeof purgeCSSPlugin>;

/** The PostCSS plugin: purges bootstrap.min.css, passes every other stylesheet through. */
export function purgeBootstrap(webDir: string): PostcssPlugin {
  const sources = [
    path.join(webDir, 'index.html'),
    ...filesBelow(path.join(webDir, 'src')).filter((f) => /\.(ts|tsx)$/.test(f)),
  ];
  const modules = usedLibraryModules(sources);
  const sourceTexts = sources.map((file) => readFileSync(file, 'utf8'));
  const moduleTexts = modules.map((file) => readFileSync(file, 'utf8'));

  const prefixes = new Set([...sourceTexts.flatMap(sourcePrefixes), ...moduleTexts.flatMap(modulePrefixes)]);
  // Words of our sources (prop values such as "outline-primary", "sm", "xxl") and the fixed
  // suffixes the modules append to a composed prefix (`${bsPrefix}-dialog` → "dialog").
  const known = new Set([
    ...sourceTexts.flatMap(words),
    ...moduleTexts.flatMap((text) => words(text).flatMap((w) => (w.startsWith('-') ? [w.slice(1)] : []))),
  ]);
  const bootstrapCss = readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
  const bootstrapClasses = new Set([...bootstrapCss.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map(([, name]) => name ?? ''));

  const purge = purgeCSSPlugin({
    content: [...sources, ...modules],
    safelist: { standard: composedClasses(bootstrapClasses, prefixes, known) },
    variables: false,
    keyframes: false,
    fontFace: false,
  });
  const purgeOnceExit = 'OnceExit' in purge ? purge.OnceExit : undefined;
  if (!purgeOnceExit) throw new Error('@fullhuman/postcss-purgecss has no OnceExit hook any more');
  const bootstrapDir = `${path.sep}node_modules${path.sep}bootstrap${path.sep}`;
  return {
    postcssPlugin: 'purge-bootstrap',
    OnceExit(root, helpers) {
      if (root.source?.input.file?.includes(bootstrapDir)) return purgeOnceExit(root, helpers);
    },
  };
}
