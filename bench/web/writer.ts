import { logIn } from './browser';

/**
 * A demo company at work while the pages are measured: `perSecond` product writes through the API
 * (publish an advertisement, edit one, deactivate one, in turn), so the landing's newest
 * advertisements and every list cache change the way they do on a live marketplace.
 */
export interface Writer {
  /** Writes done, and those answered with anything but success. */
  counts(): { done: number; failed: number };
  stop(): Promise<void>;
}

const KINDS = ['publish', 'edit', 'deactivate'] as const;

function jobData(jobTitle: string, district: number) {
  return {
    jobTitle,
    workingTime: 'Vollzeit',
    assignment: ['Leitung der Baustellen im Bezirk'],
    requirements: ['Abgeschlossene HTL für Tiefbau'],
    benefits: ['Firmenwagen'],
    jobInfo: ['Start ab sofort'],
    location: { street: 'Hauptplatz 1', postcode: '7540', city: 'Güssing' },
    salary: '55.000 – 65.000',
    placementBonus: 12,
    district,
  };
}

export async function startWriter(base: string, perSecond: number): Promise<Writer> {
  let done = 0;
  let failed = 0;
  if (perSecond <= 0) return { counts: () => ({ done, failed }), stop: async () => {} };
  const company = await logIn(base, 'firma1@demo.praemienboerse.at');
  const headers = { authorization: `Bearer ${company.jwt}`, 'content-type': 'application/json' };
  const districts = ((await (await fetch(`${base}/api/districts`)).json()) as { data: Array<{ id: number }> }).data;
  const published: number[] = [];
  let step = 0;

  const write = async (): Promise<void> => {
    step += 1;
    const kind = published.length < 2 ? 'publish' : KINDS[step % KINDS.length]!;
    let response: Response;
    if (kind === 'publish') {
      const district = districts[step % districts.length]!.id;
      response = await fetch(`${base}/api/jobs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: jobData(`Bauleiter Tiefbau ${step}`, district) }),
      });
    } else if (kind === 'edit') {
      response = await fetch(`${base}/api/jobs/${published.at(-1)!}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ data: jobData(`Bauleiterin Tiefbau ${step}`, districts[0]!.id) }),
      });
    } else {
      response = await fetch(`${base}/api/jobs/${published.shift()!}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ data: { publishedAt: null } }),
      });
    }
    const body = await response.text();
    if (kind === 'publish' && response.status === 201)
      published.push((JSON.parse(body) as { data: { id: number } }).data.id);
    done += 1;
    if (!response.ok) {
      failed += 1;
      if (failed <= 3) console.warn(`writer: ${kind} answered HTTP ${response.status} ${body.slice(0, 200)}`);
    }
  };

  let running = true;
  const loop = (async () => {
    const interval = 1000 / perSecond;
    let next = performance.now();
    while (running) {
      await write().catch((error: unknown) => {
        failed += 1;
        if (failed <= 3) console.warn('writer:', error);
      });
      next += interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    counts: () => ({ done, failed }),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
