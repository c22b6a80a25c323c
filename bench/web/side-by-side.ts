import type { BrowserContext } from '@playwright/test';
import { fmt, median, paintTimes } from './browser';

export interface SideBySideEntry {
  name: string;
  url: string;
}

export interface SideBySideRow extends SideBySideEntry {
  fcpRuns: number[];
  fcp: number;
}

/**
 * First contentful paint at 4× CPU of several addresses, one load of each in turn per run: on a
 * shared 2-vCPU host a minute can be twice as slow as the next, so figures measured in different
 * minutes (or sessions) do not compare; loads taken in turn do.
 */
export async function paintSideBySide(
  context: BrowserContext,
  entries: SideBySideEntry[],
  runs: number,
): Promise<SideBySideRow[]> {
  const fcpRuns = entries.map((): number[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [index, entry] of entries.entries()) {
      fcpRuns[index]!.push((await paintTimes(context, entry.url, 4)).fcp);
    }
  }
  return entries.map((entry, index) => ({ ...entry, fcpRuns: fcpRuns[index]!, fcp: median(fcpRuns[index]!) }));
}

export function sideBySideSection(rows: SideBySideRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    '## Landing page side by side',
    '',
    'First contentful paint at 4× CPU (cold cache, localhost), one load of each address in turn per run, so',
    "every row met the same minutes of the host. `--versus URL` adds another build's landing (started by hand,",
    'e.g. the last Preact build); the smallest document the server sends (robots.txt, which the browser shows',
    'as a page of text) is the floor of this host and method: no page paints faster here.',
    '',
    '| Page | FCP ms (median) | Runs ms |',
    '|---|---:|---|',
    ...rows.map((row) => `| ${row.name} | ${fmt(row.fcp)} | ${row.fcpRuns.map((v) => fmt(v)).join(', ')} |`),
    '',
  ];
}
