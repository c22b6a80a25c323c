import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The build's route preloader (issue 14: the landing page's first paint waited on a chain of
 * requests — the entry script, then the page's lazy chunk, then that chunk's imports, each only
 * asked for once the one before had arrived and run).
 *
 * Every page of src/app/routes.tsx is a lazy module, fetched when React Router matches the URL,
 * which happens only after the entry chunk (React, React Router, TanStack Query) has loaded and
 * run. This plugin reads the route table from routes.tsx, finds in the bundle the chunks (and
 * stylesheets) each URL's lazy modules need, and emits a small script, loaded from the head just
 * before the entry, that preloads them for the URL the browser is on — so they load while the entry
 * chunk runs. A URL no route matches preloads nothing. The router's own imports then
 * find the modules fetched (Vite's preload helper skips a file that already has a link).
 */

interface LazyRoute {
  /** Full path as React Router matches it ('/reset-password/:code'). */
  path: string;
  /** The route's lazy modules, outermost first (absolute file names). */
  modules: string[];
}

const propertyOf = (node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) {
      return property.initializer;
    }
  }
  return undefined;
};

/** `() => import('x')` → 'x'. */
function lazyImport(node: ts.Expression | undefined): string | null {
  if (!node || !ts.isArrowFunction(node) || !ts.isCallExpression(node.body)) return null;
  const call = node.body;
  const [specifier] = call.arguments;
  return call.expression.kind === ts.SyntaxKind.ImportKeyword && specifier && ts.isStringLiteral(specifier)
    ? specifier.text
    : null;
}

function resolveModule(fromDir: string, specifier: string): string {
  const base = path.resolve(fromDir, specifier);
  const file = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`routePreload: cannot resolve ${specifier} from ${fromDir}`);
  return file;
}

/** The routes of the `routes` array in `routerFile` (app/routes.tsx), with their lazy modules. */
export function lazyRoutes(routerFile: string): LazyRoute[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const routes: LazyRoute[] = [];
  const walk = (list: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const pathNode = propertyOf(element, 'path');
      const own = pathNode && ts.isStringLiteral(pathNode) ? pathNode.text : null;
      const fullPath =
        own === null ? parentPath : own.startsWith('/') ? own : `${parentPath.replace(/\/$/, '')}/${own}`;
      const specifier = lazyImport(propertyOf(element, 'lazy'));
      const modules = specifier
        ? [...parentModules, resolveModule(path.dirname(routerFile), specifier)]
        : parentModules;
      // Children first: a layout's index route matches the layout's own URL and needs both modules.
      const children = propertyOf(element, 'children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, fullPath, modules);
      const isIndex = propertyOf(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
      const taken = routes.some((route) => route.path === fullPath);
      if ((own !== null || isIndex) && modules.length > 0 && !taken) routes.push({ path: fullPath, modules });
    }
  };
  const visit = (node: ts.Node) => {
    // `const routes = [...]` (with or without a type annotation): the table the routers are made of.
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'routes' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      walk(node.initializer, '', []);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (routes.length === 0) throw new Error(`routePreload: no lazy routes found in ${routerFile}`);
  return routes;
}

/**
 * A route path as a regular expression's source, as React Router matches it (case-insensitive,
 * optional trailing slash). The first route in routes.tsx's order that matches wins — React Router
 * ranks static segments above parameters, which is the order routes.tsx lists them in; a miss
 * only means a preload less or a chunk fetched for nothing, never a different page.
 */
function pathPattern(routePath: string): string {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return segments.length === 0 ? '^/$' : `^/${segments.join('/')}/?$`;
}

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreload(routerFile: string): Plugin {
  let base = '/';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // After Vite's own steps: its CSS step removes the chunks that only held a stylesheet (their
    // stylesheet moves to the importer), and its HTML step has written index.html.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is typeof item & BundleChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const byModule = new Map(
          chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
        );
        // What the page's HTML loads anyway: the entry chunks, their imports and stylesheets.
        const loaded = new Set<string>();
        const closure = (chunk: BundleChunk, into: Set<string>) => {
          if (into.has(chunk.fileName)) return;
          into.add(chunk.fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) closure(imported, into);
          }
        };
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => closure(chunk, loaded));

        // files: every file some page needs beyond the entry; modules: a lazy module's files (indices into
        // files); routes: a URL pattern and its modules (indices into modules).
        const files: string[] = [];
        const fileIds = new Map<string, number>();
        const modules: number[][] = [];
        const moduleIds = new Map<string, number>();
        const moduleId = (module: string): number => {
          const known = moduleIds.get(module);
          if (known !== undefined) return known;
          const chunk = byModule.get(module);
          if (!chunk) throw new Error(`routePreload: no chunk for ${module}`);
          const needed = new Set<string>();
          closure(chunk, needed);
          const ids = [...needed]
            .filter((file) => !loaded.has(file))
            .map((file) => {
              if (!fileIds.has(file)) fileIds.set(file, files.push(file) - 1);
              return fileIds.get(file) ?? -1;
            });
          moduleIds.set(module, modules.push(ids) - 1);
          return modules.length - 1;
        };
        const routes = lazyRoutes(routerFile).map((route) => [pathPattern(route.path), route.modules.map(moduleId)]);
        // Small and plain: it runs before anything else of the app.
        const source =
          `const b=${JSON.stringify(base)},f=${JSON.stringify(files)},m=${JSON.stringify(modules)},` +
          `r=${JSON.stringify(routes)},p=location.pathname;` +
          `for(const[s,d]of r)if(new RegExp(s,"i").test(p)){for(const i of new Set(d.flatMap(j=>m[j]))){` +
          `const l=document.createElement("link"),h=f[i];` +
          `h.endsWith(".css")?(l.rel="preload",l.as="style"):l.rel="modulepreload";l.crossOrigin="";l.href=b+h;` +
          `document.head.appendChild(l)}break}\n`;
        const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') throw new Error('routePreload: no index.html');
        // Before the entry script: module scripts run in document order, so the links are in place
        // before the entry chunk runs (an async script lost that race at 4x CPU, and Vite's preload
        // helper then added links of its own as the router asked for the page).
        const entryTag = '<script type="module" crossorigin';
        if (!html.source.includes(entryTag)) throw new Error('routePreload: no entry script in index.html');
        html.source = html.source.replace(
          entryTag,
          `<script type="module" crossorigin src="${base}${this.getFileName(ref)}"></script>\n    ${entryTag}`,
        );
      },
    },
  };
}
