import type { Plugin } from 'vite';

interface ChunkImports {
  type: 'chunk';
  fileName: string;
  imports: string[];
}

/**
 * Cycles of static imports between the bundle's chunks, each as the files along it: at least one
 * through every set of chunks that import each other (not every cycle of such a set), none twice.
 */
export function chunkCycles(chunks: readonly ChunkImports[]): string[][] {
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const imported of importsOf.get(file) ?? []) {
      const at = path.indexOf(imported);
      if (at >= 0) cycles.push([...path.slice(at), imported]);
      else if (!done.has(imported)) visit(imported);
    }
    path.pop();
    done.add(file);
  };
  for (const chunk of chunks) if (!done.has(chunk.fileName)) visit(chunk.fileName);
  return cycles;
}

/**
 * Fails the build when two chunks import each other (issue 14). Our chunk groups take modules
 * without their dependencies (vite.config.ts), so a change of imports can put two modules that
 * need each other at load time into chunks that import each other; whichever the page loads first
 * then runs before the other has defined what it uses, and the page fails in the browser ('g is not
 * a function') while the build looked fine. This makes that a build error naming the chunks.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkImports => item.type === 'chunk');
      const cycles = chunkCycles(chunks);
      if (cycles.length > 0) {
        this.error(
          `chunks import each other (move the shared modules into one group in vite.config.ts):\n` +
            cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n'),
        );
      }
    },
  };
}
