import { desc } from 'drizzle-orm';
import { guaranteeRefund, roundCents, type AdminDashboard, type RetentionSummary } from '@pb/core';
import type { Database } from '../../db/client';
import { retentionRuns } from '../../db/schema';

const VIENNA = `'Europe/Vienna'`;
const monthOf = (col: string) => `date_trunc('month', ${col} AT TIME ZONE ${VIENNA})`;
const yearOf = (col: string) => `date_trunc('year', ${col} AT TIME ZONE ${VIENNA})`;
/** Reports the office discarded ('verworfen') are never invoiced: no placement, no fee. */
const COUNTED = `status <> 'verworfen'`;

/** Business figures of the back office start page; months and years are Vienna calendar months. */
export async function loadDashboard(database: Database, now: Date): Promise<AdminDashboard> {
  const at = now.toISOString();
  const [counts] = await database.query<{
    companies: number;
    consultants: number;
    listed_agencies: number;
    published_jobs: number;
    conversations: number;
  }>(`SELECT
      (SELECT count(*)::int FROM users WHERE role = 'company') AS companies,
      (SELECT count(*)::int FROM users WHERE role = 'consultant') AS consultants,
      (SELECT count(*)::int FROM organisations WHERE kind = 'agency' AND public) AS listed_agencies,
      (SELECT count(*)::int FROM jobs WHERE published_at IS NOT NULL) AS published_jobs,
      (SELECT count(*)::int FROM chat_communications) AS conversations`);
  const thisMonth = `${monthOf('created_at')} = ${monthOf('$1::timestamptz')}`;
  const thisYear = `${yearOf('created_at')} = ${yearOf('$1::timestamptz')}`;
  const [placements] = await database.query<{
    this_month: number;
    this_year: number;
    fee_total: number;
    service_total: number;
    fee_year: number;
    service_year: number;
  }>(
    `SELECT
      count(*) FILTER (WHERE ${thisMonth})::int AS this_month,
      count(*) FILTER (WHERE ${thisYear})::int AS this_year,
      coalesce(sum(placement_fee), 0)::float8 AS fee_total,
      coalesce(sum(service_fee), 0)::float8 AS service_total,
      coalesce(sum(placement_fee) FILTER (WHERE ${thisYear}), 0)::float8 AS fee_year,
      coalesce(sum(service_fee) FILTER (WHERE ${thisYear}), 0)::float8 AS service_year
    FROM placement_reports WHERE ${COUNTED}`,
    [at],
  );
  const guaranteeCases = await database.query<{ placement_fee: number; service_fee: number }>(
    `SELECT placement_fee::float8 AS placement_fee, service_fee::float8 AS service_fee FROM placement_reports WHERE status = 'garantiefall'`,
  );
  const refundTotal = roundCents(
    guaranteeCases.reduce((sum, r) => sum + guaranteeRefund(r.placement_fee, r.service_fee).total, 0),
  );
  const months = await database.query<{
    month: string;
    placements: number;
    placement_fees: number;
    service_fees: number;
    new_jobs: number;
  }>(
    `WITH months AS (
       SELECT generate_series(${monthOf('$1::timestamptz')} - interval '11 months', ${monthOf('$1::timestamptz')}, interval '1 month') AS m
     )
     SELECT to_char(m, 'YYYY-MM') AS month,
       (SELECT count(*)::int FROM placement_reports p WHERE ${monthOf('p.created_at')} = m AND p.${COUNTED}) AS placements,
       (SELECT coalesce(sum(p.placement_fee), 0)::float8 FROM placement_reports p WHERE ${monthOf('p.created_at')} = m AND p.${COUNTED}) AS placement_fees,
       (SELECT coalesce(sum(p.service_fee), 0)::float8 FROM placement_reports p WHERE ${monthOf('p.created_at')} = m AND p.${COUNTED}) AS service_fees,
       (SELECT count(*)::int FROM jobs j WHERE ${monthOf('j.created_at')} = m) AS new_jobs
     FROM months ORDER BY m`,
    [at],
  );
  const runs = await database.db
    .select()
    .from(retentionRuns)
    .orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.id))
    .limit(5);
  return {
    companies: counts?.companies ?? 0,
    consultants: counts?.consultants ?? 0,
    listedAgencies: counts?.listed_agencies ?? 0,
    publishedJobs: counts?.published_jobs ?? 0,
    conversations: counts?.conversations ?? 0,
    placementsThisMonth: placements?.this_month ?? 0,
    placementsThisYear: placements?.this_year ?? 0,
    fees: {
      placementFeeTotal: roundCents(placements?.fee_total ?? 0),
      serviceFeeTotal: roundCents(placements?.service_total ?? 0),
      placementFeeThisYear: roundCents(placements?.fee_year ?? 0),
      serviceFeeThisYear: roundCents(placements?.service_year ?? 0),
      refundTotal,
    },
    months: months.map((m) => ({
      month: m.month,
      placements: Number(m.placements),
      placementFees: roundCents(Number(m.placement_fees)),
      serviceFees: roundCents(Number(m.service_fees)),
      newJobs: Number(m.new_jobs),
    })),
    retentionRuns: runs.map((r) => ({
      id: r.id,
      dryRun: r.dryRun,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      summary: normaliseSummary(r.summary),
    })),
  };
}

function normaliseSummary(raw: Record<string, unknown>): RetentionSummary {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  return {
    warnedUsers: ids(raw['warnedUsers']),
    deletedUsers: ids(raw['deletedUsers']),
    deactivatedJobs: ids(raw['deactivatedJobs']),
    deletedContactMessages: typeof raw['deletedContactMessages'] === 'number' ? raw['deletedContactMessages'] : 0,
    purgedMails: typeof raw['purgedMails'] === 'number' ? raw['purgedMails'] : 0,
  };
}
