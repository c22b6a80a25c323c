/**
 * The benchmark's live marketplace (issue 33): companies writing through the product's own API
 * while the readers measure — new advertisements (POST /api/jobs), bonus changes (POST
 * /api/placement-bonuses), edits (PUT /api/jobs/:id with the whole advertisement) and
 * deactivations (PUT with publishedAt null), at a fixed rate with an open-loop schedule (a slow
 * answer does not slow the writer down; at most MAX_IN_FLIGHT writes wait at once).
 */

export type WriteKind = 'new advertisement' | 'bonus change' | 'edit' | 'deactivation';

/** Shares of the writes: most writes on a marketplace change what exists. */
const MIX: Array<[WriteKind, number]> = [
  ['new advertisement', 0.25],
  ['bonus change', 0.35],
  ['edit', 0.25],
  ['deactivation', 0.15],
];

const MAX_IN_FLIGHT = 50;

export interface WritingCompany {
  token: string;
  /** Its published advertisements (new ones join, deactivated ones leave). */
  advertisements: number[];
  districtId: number;
}

export interface WriteStats {
  /** Writes per second asked for and answered 2xx. */
  rate: number;
  achieved: number;
  failed: number;
  /** Writes not sent because MAX_IN_FLIGHT were still waiting. */
  skipped: number;
  p50: number;
  p99: number;
  byKind: Record<WriteKind, number>;
  /** A few failure answers, for the log. */
  failures: string[];
}

const TITLES = [
  'Controller/in',
  'Buchhalter/in',
  'Zollsachbearbeiter/in',
  'Lagerleiter/in',
  'Koch/Köchin',
  'Data Engineer',
];

function advertisement(n: number, districtId: number): Record<string, unknown> {
  return {
    jobTitle: TITLES[n % TITLES.length],
    workingTime: n % 5 === 0 ? 'Teilzeit' : 'Vollzeit',
    assignment: ['Laufende Buchhaltung', `Aufgabe ${n % 97}`],
    requirements: ['Abgeschlossene Ausbildung'],
    benefits: ['Gleitzeit'],
    jobInfo: ['Eintritt ab sofort'],
    location: { street: `Hauptstraße ${1 + (n % 250)}`, postcode: String(1010 + (n % 8900)), city: 'Wien' },
    salary: `${30 + (n % 40)}.000`,
    district: districtId,
    placementBonus: 10 + (n % 15),
  };
}

function pickKind(random: number): WriteKind {
  let sum = 0;
  for (const [kind, share] of MIX) {
    sum += share;
    if (random < sum) return kind;
  }
  return 'edit';
}

export interface Writer {
  stop(): Promise<WriteStats>;
}

/** Starts writing at `rate` per second against `baseUrl` (the server's origin). */
export function startWriter(baseUrl: string, companies: WritingCompany[], rate: number): Writer {
  const latencies: number[] = [];
  const byKind: Record<WriteKind, number> = { 'new advertisement': 0, 'bonus change': 0, edit: 0, deactivation: 0 };
  const failures: string[] = [];
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  let n = 0;
  let stopped = false;
  const pending = new Set<Promise<void>>();
  const startedAt = performance.now();

  const send = async (company: WritingCompany, kind: WriteKind, count: number): Promise<void> => {
    const headers = { authorization: `Bearer ${company.token}`, 'content-type': 'application/json' };
    const target = company.advertisements[count % Math.max(1, company.advertisements.length)];
    const request =
      kind === 'new advertisement' || target === undefined
        ? { url: '/api/jobs', method: 'POST', body: { data: advertisement(count, company.districtId) } }
        : kind === 'bonus change'
          ? {
              url: '/api/placement-bonuses',
              method: 'POST',
              body: { data: { advertisement: target, bonus: 10 + (count % 20) } },
            }
          : kind === 'edit'
            ? { url: `/api/jobs/${target}`, method: 'PUT', body: { data: advertisement(count, company.districtId) } }
            : { url: `/api/jobs/${target}`, method: 'PUT', body: { data: { publishedAt: null } } };
    const t = performance.now();
    const res = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers,
      body: JSON.stringify(request.body),
    }).catch((err: unknown) => ({ ok: false, status: 0, text: async () => String(err), json: async () => ({}) }));
    latencies.push(performance.now() - t);
    if (!res.ok) {
      failed += 1;
      if (failures.length < 5) failures.push(`${kind} → ${res.status} ${(await res.text()).slice(0, 200)}`);
      return;
    }
    byKind[kind] += 1;
    if (request.url === '/api/jobs') {
      const created = (await res.json()) as { data?: { id?: number } };
      if (created.data?.id) company.advertisements.push(created.data.id);
    } else if (kind === 'deactivation' && target !== undefined) {
      company.advertisements.splice(company.advertisements.indexOf(target), 1);
    }
  };

  const tick = () => {
    if (stopped) return;
    const due = Math.floor(((performance.now() - startedAt) / 1000) * rate);
    for (; n < due; n += 1) {
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const company = companies[n % companies.length]!;
      inFlight += 1;
      const p = send(company, pickKind(((n * 7919) % 1000) / 1000), n).finally(() => {
        inFlight -= 1;
        pending.delete(p);
      });
      pending.add(p);
    }
  };
  const timer = setInterval(tick, Math.max(2, Math.min(50, 1000 / rate / 2)));

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      await Promise.all(pending);
      latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
      const done = Object.values(byKind).reduce((a, b) => a + b, 0);
      return { rate, achieved: done / seconds, failed, skipped, p50: at(0.5), p99: at(0.99), byKind, failures };
    },
  };
}
