import pg from 'pg';

/**
 * Issue 36's writes while the readers measure: every `everyMs` one company's median reaction
 * changes, and — as the trust run does (modules/trust copyResponseMinutesToAdvertisements) — its
 * organisation_trust row and every one of its advertisements whose value differs are updated in one
 * transaction (about 100 advertisements at 100,000 over 1,000 companies). The new values cycle
 * through fast, slow and too little data (null), so the advertisements move in the sorted list
 * and in and out of the filters. Needs a database the bench can reach beside the server
 * (PostgreSQL; the embedded database belongs to the server process).
 */

export interface TrustWriteStats {
  everyMs: number;
  updates: number;
  /** Advertisements rewritten over all updates. */
  advertisements: number;
  p50: number;
  max: number;
  failed: number;
}

export interface TrustWriter {
  stop(): Promise<TrustWriteStats>;
}

const VALUES: Array<number | null> = [45, 5_400, null, 900, 2_100, 300, null, 4_000];
/** Across writers: the next run goes on with other companies and values. */
let sequence = 0;

export function startTrustWriter(databaseUrl: string, companies: number[], everyMs: number): TrustWriter {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  const latencies: number[] = [];
  let advertisements = 0;
  let failed = 0;
  let running: Promise<void> = Promise.resolve();

  const update = async () => {
    await connected;
    const at = sequence;
    sequence += 1;
    const organisationId = companies[(at * 7919) % companies.length]!;
    const t = performance.now();
    try {
      await client.query('BEGIN');
      const [current] = (
        await client.query<{ minutes: number | null }>(
          'SELECT response_minutes AS minutes FROM organisation_trust WHERE organisation_id = $1 FOR UPDATE',
          [organisationId],
        )
      ).rows;
      // Always a change: the next value in the cycle that differs from the company's.
      let minutes = VALUES[at % VALUES.length]!;
      for (let k = 1; minutes === (current?.minutes ?? null); k += 1) minutes = VALUES[(at + k) % VALUES.length]!;
      await client.query(
        `INSERT INTO organisation_trust (organisation_id, response_minutes, computed_at) VALUES ($1, $2, now())
         ON CONFLICT (organisation_id) DO UPDATE SET response_minutes = EXCLUDED.response_minutes, computed_at = now()`,
        [organisationId, minutes],
      );
      const changed = await client.query(
        `UPDATE jobs SET company_response_minutes = $2
          WHERE organisation_id = $1 AND company_response_minutes IS DISTINCT FROM $2::int`,
        [organisationId, minutes],
      );
      await client.query('COMMIT');
      advertisements += changed.rowCount ?? 0;
      latencies.push(performance.now() - t);
    } catch {
      failed += 1;
      await client.query('ROLLBACK').catch(() => undefined);
    }
  };
  const timer = setInterval(() => {
    // One at a time, as the trust run is once across instances.
    running = running.then(update);
  }, everyMs);

  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end();
      latencies.sort((a, b) => a - b);
      return {
        everyMs,
        updates: latencies.length,
        advertisements,
        p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
        max: latencies[latencies.length - 1] ?? 0,
        failed,
      };
    },
  };
}
