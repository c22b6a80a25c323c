import type { BrowserContext } from '@playwright/test';
import type { LoginResponse } from '@pb/core';
import { firstLoad, fmt, median, paintTimes, scriptsAndStyles, signIn, type Transfer } from './browser';

export interface BenchPage {
  name: string;
  path: string;
  /** Opened as the demo consultant (else as a visitor). */
  signedIn: boolean;
}

/** The pages the web benchmarks measure (issue 29: landing, login, browser and chat). */
export const PAGES: BenchPage[] = [
  { name: 'Landing page', path: '/', signedIn: false },
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Advertisement browser (consultant)', path: '/advertisements/view', signedIn: true },
  { name: 'Chat (consultant)', path: '/advertisements/chat', signedIn: true },
];

export interface PageLoad extends BenchPage {
  /** The scripts and stylesheets of a cold first load. */
  files: Transfer[];
  bytes: number;
  /** Medians at 4× CPU, ms. */
  fcp: number;
  lcp: number;
  fcpRuns: number[];
  lcpRuns: number[];
}

/** Each page's cold first load (files and bytes) and its paint times at 4× CPU over `runs` loads. */
export async function measurePages(
  context: BrowserContext,
  base: string,
  login: LoginResponse,
  pages: BenchPage[],
  runs: number,
): Promise<PageLoad[]> {
  const loads: PageLoad[] = [];
  for (const page of pages) {
    await signIn(context, base, page.signedIn ? login : null);
    const files = scriptsAndStyles(await firstLoad(context, `${base}${page.path}`));
    const fcpRuns: number[] = [];
    const lcpRuns: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const times = await paintTimes(context, `${base}${page.path}`, 4);
      fcpRuns.push(times.fcp);
      lcpRuns.push(times.lcp);
    }
    const load = {
      ...page,
      files,
      bytes: files.reduce((sum, t) => sum + t.bytes, 0),
      fcp: median(fcpRuns),
      lcp: median(lcpRuns),
      fcpRuns,
      lcpRuns,
    };
    console.log(
      `${page.name}: ${files.length} JS/CSS files, ${fmt(load.bytes)} bytes; FCP ${fmt(load.fcp)} ms, LCP ${fmt(load.lcp)} ms at 4× CPU`,
    );
    loads.push(load);
  }
  return loads;
}
