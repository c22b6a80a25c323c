import qs from 'qs';
import type { ComparisonMode, Measured } from './jobs-report';
import { startTrustWriter } from './trust-writer';
import { startWriter, type WritingCompany } from './writer';

/**
 * Issue 36's comparison, fair on a shared machine: the browser's list, its responsiveness sort and
 * filter measured in turns — `rounds` rounds of `seconds` each, the order rotated every round — so
 * that a burst of load elsewhere falls on all three alike, not on whichever case ran then. Each
 * mode (no writes, API writes, figure changes) runs its rounds with its writers running throughout.
 */

export interface ComparedCase {
  name: string;
  query: Record<string, unknown>;
}

export interface CompareOptions {
  base: string;
  token: string;
  rounds: number;
  seconds: number;
  load: (url: string, token: string, seconds: number) => Promise<Measured>;
  writers: WritingCompany[];
  /** Where figures can change beside the server (PostgreSQL), and how often. */
  trust: { databaseUrl: string; companies: number[]; everyMs: number } | null;
}

export async function compareInTurns(cases: ComparedCase[], o: CompareOptions): Promise<ComparisonMode[]> {
  const urls = cases.map((c) => `${o.base}/api/jobs?${qs.stringify(c.query, { encodeValuesOnly: true })}`);
  // Every query asked once before: the rounds measure kept lists, as users meet them.
  for (const url of urls) await o.load(url, o.token, 2);
  const modes: Array<{ mode: string; start: () => () => Promise<unknown> }> = [
    { mode: 'no writes', start: () => async () => undefined },
    {
      mode: '10 writes/s',
      start: () => {
        const writer = startWriter(o.base, o.writers, 10);
        return () => writer.stop();
      },
    },
  ];
  const trust = o.trust;
  if (trust) {
    modes.push({
      mode: `a figure every ${trust.everyMs / 1000} s + 10 writes/s`,
      start: () => {
        const figures = startTrustWriter(trust.databaseUrl, trust.companies, trust.everyMs);
        const writer = startWriter(o.base, o.writers, 10);
        return async () => Promise.all([figures.stop(), writer.stop()]);
      },
    });
  }
  const results: ComparisonMode[] = [];
  for (const { mode, start } of modes) {
    const runs: Record<string, Measured[]> = Object.fromEntries(cases.map((c) => [c.name, []]));
    const stop = start();
    try {
      for (let round = 0; round < o.rounds; round += 1) {
        for (let k = 0; k < cases.length; k += 1) {
          const i = (k + round) % cases.length;
          const measured = await o.load(urls[i]!, o.token, o.seconds);
          runs[cases[i]!.name]!.push(measured);
          console.log(
            `  compare [${mode}] round ${round + 1} ${cases[i]!.name}: ${measured.rps.toFixed(0)} req/s p50 ${measured.p50.toFixed(1)} p99 ${measured.p99.toFixed(1)} ms, ${measured.non2xx} errors`,
          );
        }
      }
    } finally {
      await stop();
    }
    results.push({ mode, runs });
  }
  return results;
}
