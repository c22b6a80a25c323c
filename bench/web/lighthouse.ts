import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { fmt } from './browser';

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster): its estimates scale with it. */
  benchmarkIndex: number;
  /** Titles of the audits of the accessibility, best-practices and SEO categories that did not pass. */
  failed: string[];
}

/** Lighthouse's version, as the runs report it. */
export const lighthouseRuns = { version: '' };

export interface AuditOptions {
  /** The mobile runs' CPU slowdown (Lighthouse's default 4). */
  cpuSlowdown: number;
  /** Keep every report (JSON) in this folder. */
  reportsDir: string | undefined;
  /** Print the main-thread tasks of each mobile run. */
  printTasks: boolean;
}

export async function audit(
  url: string,
  port: number,
  preset: 'mobile' | 'desktop',
  options: AuditOptions,
): Promise<Scores> {
  const { cpuSlowdown, reportsDir, printTasks } = options;
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    // The session set by signIn() stays: Lighthouse would otherwise clear the origin's storage.
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(preset === 'mobile' && cpuSlowdown !== 4 ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, lighthouseVersion: version } = result.lhr;
  lighthouseRuns.version = version;
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(result.lhr));
  }
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((key) =>
    (categories[key]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${audits[ref.id]?.title ?? ''}`),
  );
  const value = (key: string) => audits[key]?.numericValue ?? NaN;
  if (printTasks && preset === 'mobile') {
    console.log(`  ${preset}: ${score('performance')}, TBT ${fmt(value('total-blocking-time'))} ms`);
    printTraceTasks((result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents, 50 / cpuSlowdown);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failed,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer's main-thread tasks of the unthrottled load Lighthouse recorded (the ones it
 * multiplies by its CPU slowdown), each over `minMs`, with the events its time went to (self time by
 * event name: EvaluateScript, FunctionCall, Layout, UpdateLayoutTree, …; complete events only, which
 * is how Chromium records these), and the observed paint.
 */
function printTraceTasks(events: TraceEvent[], minMs: number): void {
  const threadName = (e: TraceEvent) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain';
  const mains = events.filter(threadName).map((e) => `${e.pid}:${e.tid}`);
  const onThread = (e: TraceEvent, key: string) => `${e.pid}:${e.tid}` === key;
  // The page's renderer: the main thread with the most work.
  const key = mains
    .map((k) => ({ k, n: events.filter((e) => e.ph === 'X' && onThread(e, k)).length }))
    .sort((a, b) => b.n - a.n)[0]?.k;
  // The paint marks of that renderer (other frames and processes have their own).
  const ofRenderer = (e: TraceEvent) => key !== undefined && key.startsWith(`${e.pid}:`);
  const start = events.find((e) => e.name === 'navigationStart' && ofRenderer(e))?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && ofRenderer(e));
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && key !== undefined && onThread(e, key));
  complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  console.log(
    `  main-thread tasks over ${minMs} ms, unthrottled (first paint ${fcp ? `at ${fmt((fcp.ts - start) / 1000)} ms` : 'not in the trace'}):`,
  );
  for (const task of complete.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Self time: an event's duration less that of the events nested directly in it.
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const e of inside) {
      while (stack.length > 0 && e.ts >= stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0)) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
      self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
      stack.push(e);
    }
    const top = [...self]
      .filter(([, us]) => us >= 1000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${fmt(us / 1000, 1)}`)
      .join(', ');
    console.log(`    at ${fmt((task.ts - start) / 1000)} ms  ${fmt((task.dur ?? 0) / 1000, 1)} ms  (${top})`);
  }
}

/** Of several runs, the one with the median performance score (Lighthouse varies from run to run). */
export function medianRun(runs: Scores[]): Scores {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}
