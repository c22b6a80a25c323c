import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The last section of docs/benchmarks-web.md, written by bench/web-chunks.bench.ts. */
export const CHUNK_RULES_HEADING = '## Chunk rules';

/**
 * Writes `lines` as the section of `file` that starts with `heading` and runs to the file's end,
 * keeping what comes before it: docs/benchmarks-web.md holds the page figures (bench/web.bench.ts)
 * and, last, the chunk-rule figures (bench/web-chunks.bench.ts), each benchmark writing its own part.
 */
export function writeSection(file: string, heading: string, lines: string[]): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = text.indexOf(`\n${heading}\n`);
  const before = at >= 0 ? text.slice(0, at + 1) : text.length > 0 ? `${text.trimEnd()}\n\n` : '';
  writeFileSync(file, `${before}${[heading, ...lines].join('\n').trimEnd()}\n`);
}

/** The part of `file` from `heading` on (empty when it has none): kept when the part before it is rewritten. */
export function sectionOf(file: string, heading: string): string {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = text.indexOf(`\n${heading}\n`);
  return at >= 0 ? text.slice(at + 1) : '';
}
