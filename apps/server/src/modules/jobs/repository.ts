import { and, asc, desc, eq, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BROWSER_JOB_LIMIT, MAX_PAGE_LIMIT, type Job, type JobAttachment } from '@pb/core';
import type { Db } from '../../db/client';
import { districts, jobAttachments, jobs, organisations, uploads, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { parseListQuery, type ParsedListQuery, type ResourceQuerySpec, type SortField } from '../../lib/strapi-query';
import { idIn } from '../../lib/id-list';
import { browserFilterCondition, takeBrowserFilters } from './browser-filters';
import type { IdQuery, JobListCache, ShownPage } from './list-cache';

/**
 * Reading advertisements: the whitelisted query spec, the one SELECT every
 * endpoint uses (district, company and active bonus in the same statement) and
 * the one presenter that shapes what leaves the server.
 */

/**
 * Per-field search texts, computed where they are filtered: list entries and the address parts
 * joined with U+001F (chr(31)), which search text cannot contain — the same texts migration 0010
 * stored in generated columns (dropped in 0017, decision 0017).
 */
const listText = (column: AnyColumn): SQL => sql`jobs_list_text(${column})`;
const locationText = sql`(${jobs.street} || chr(31) || ${jobs.postcode} || chr(31) || ${jobs.city})`;

const text = ['$containsi', '$contains', '$eq'] as const;
const list = ['$containsi', '$contains'] as const;
const ids = ['$eq', '$in', '$ne', '$notIn'] as const;
const dates = ['$lt', '$lte', '$gt', '$gte'] as const;

export const jobQuerySpec: ResourceQuerySpec = {
  fields: {
    id: { expr: jobs.id, type: 'int', ops: ids },
    jobTitle: { expr: jobs.jobTitle, type: 'string', ops: text },
    workingTime: { expr: jobs.workingTime, type: 'string', ops: ['$eq', '$in'] },
    salary: { expr: jobs.salary, type: 'string', ops: text },
    assignment: { expr: listText(jobs.assignment), type: 'string', ops: list },
    requirements: { expr: listText(jobs.requirements), type: 'string', ops: list },
    benefits: { expr: listText(jobs.benefits), type: 'string', ops: list },
    // "location" means street, postcode and city together.
    location: { expr: locationText, type: 'string', ops: list },
    'location.street': { expr: jobs.street, type: 'string', ops: text },
    'location.postcode': { expr: jobs.postcode, type: 'string', ops: text },
    'location.city': { expr: jobs.city, type: 'string', ops: text },
    district: { expr: jobs.districtId, type: 'int', ops: ids },
    'district.id': { expr: jobs.districtId, type: 'int', ops: ids },
    users_permissions_user: { expr: jobs.ownerId, type: 'int', ops: ['$eq', '$in'] },
    'users_permissions_user.id': { expr: jobs.ownerId, type: 'int', ops: ['$eq', '$in'] },
    organisation: { expr: jobs.organisationId, type: 'int', ops: ['$eq', '$in'] },
    'organisation.id': { expr: jobs.organisationId, type: 'int', ops: ['$eq', '$in'] },
    createdAt: { expr: jobs.createdAt, type: 'date', ops: dates },
    publishedAt: { expr: jobs.publishedAt, type: 'date', ops: [...dates, '$notNull', '$null'] },
  },
  sort: {
    createdAt: jobs.createdAt,
    updatedAt: jobs.updatedAt,
    publishedAt: jobs.publishedAt,
    // German order (decision 0016); job_title feeds the generated search column, so its
    // collation is set on the sort expression instead of the column.
    jobTitle: sql`${jobs.jobTitle} COLLATE "und-x-icu"`,
    id: jobs.id,
    // The company's median reaction (issue 36), fastest first; companies without enough data (null)
    // last, as PostgreSQL sorts NULL ascending — the index jobs_company_response (migration 0050)
    // holds exactly this order with the tie-breaker id descending. Descending would put them first
    // and the slowest next: no use to anyone, so it is a 400 (docs/alerts.md).
    companyResponse: jobs.companyResponseMinutes,
  },
  sortDirections: { companyResponse: 'asc' },
  defaultSort: [{ field: 'createdAt', dir: 'desc' }],
  defaultLimit: BROWSER_JOB_LIMIT,
  maxLimit: MAX_PAGE_LIMIT,
};

/**
 * Parses a list query for the caller: the browser's filters (text search `q`, districts, states,
 * minimum bonus in % and €, working time — browser-filters.ts), whitelisted Strapi filters, visibility.
 */
export function parseJobListQuery(
  raw: Record<string, unknown>,
  visibility: SQL,
): ParsedListQuery & { visibility: SQL } {
  const { filters, rest } = takeBrowserFilters(raw);
  const q = parseListQuery(rest, jobQuerySpec);
  return { ...q, where: and(visibility, q.where, browserFilterCondition(filters)), visibility };
}

/** The active bonus, stored on the advertisement (migration 0022), 0 without a record. */
const activeBonus = sql<number>`coalesce(${jobs.activeBonus}::float8, 0)`.mapWith(Number);

const jobColumns = {
  id: jobs.id,
  jobTitle: jobs.jobTitle,
  workingTime: jobs.workingTime,
  assignment: jobs.assignment,
  requirements: jobs.requirements,
  benefits: jobs.benefits,
  jobInfo: jobs.jobInfo,
  street: jobs.street,
  postcode: jobs.postcode,
  city: jobs.city,
  salary: jobs.salary,
  kvMinimumCents: jobs.kvMinimumCents,
  overpayment: jobs.overpayment,
  yearlyPayments: jobs.yearlyPayments,
  requiredProfileFields: jobs.requiredProfileFields,
  companyResponseMinutes: jobs.companyResponseMinutes,
  districtId: districts.id,
  districtName: districts.name,
  ownerId: users.id,
  ownerName: users.username,
  // The company's contact address where it gave one (its public profile), else its contact person's.
  ownerEmail: sql<string | null>`coalesce(${organisations.contactEmail}, ${users.email})`,
  // The company's public profile (migration 0040), shown on its advertisements.
  ownerDescription: organisations.description,
  organisationId: organisations.id,
  organisationName: organisations.name,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  publishedAt: jobs.publishedAt,
  bonus: activeBonus,
};

function jobSelect(db: Db) {
  return db
    .select(jobColumns)
    .from(jobs)
    .leftJoin(districts, eq(districts.id, jobs.districtId))
    .leftJoin(users, eq(users.id, jobs.ownerId))
    .leftJoin(organisations, eq(organisations.id, jobs.organisationId));
}

export type JobRow = Awaited<ReturnType<typeof jobSelect>>[number];

/**
 * Published advertisements; for a member of a company also that company's deactivated ones
 * (pass the caller: the session's organisation decides, never a request parameter).
 */
/**
 * One advertisement for reading (GET /api/jobs/:id): what visibleTo allows, and for an agency also a
 * deactivated one it introduced a candidate for — it may still report that placement (issue 32),
 * and a company that deactivates after 'Eingestellt' must not leave it without a way to.
 */
export function readableBy(caller: Pick<CurrentUser, 'organisation'>): SQL {
  const membership = caller.organisation;
  if (membership?.kind !== 'agency') return visibleTo(caller);
  return or(
    visibleTo(caller),
    sql`EXISTS (SELECT 1 FROM introductions introduced
                 WHERE introduced.job_id = "jobs"."id" AND introduced.agency_organisation_id = ${membership.organisationId})`,
  )!;
}

export function visibleTo(caller?: Pick<CurrentUser, 'organisation'>): SQL {
  const organisationId = caller?.organisation?.kind === 'company' ? caller.organisation.organisationId : undefined;
  return organisationId === undefined
    ? isNotNull(jobs.publishedAt)
    : or(isNotNull(jobs.publishedAt), eq(jobs.organisationId, organisationId))!;
}

export interface JobPage {
  rows: JobRow[];
  /** Only when counted: a total is the true number or absent, never a guess. */
  total?: number;
}

export interface JobQueryOptions {
  where: SQL | undefined;
  orderBy: SQL[];
  start: number;
  limit: number;
  withCount: boolean;
}

/** The two statements of a list request (rows and total); the benchmark reads their SQL too. */
export function jobListStatements(db: Db, options: JobQueryOptions) {
  return {
    rows: jobSelect(db)
      .where(options.where)
      .orderBy(...options.orderBy, desc(jobs.id))
      .limit(options.limit)
      .offset(options.start),
    count: db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(jobs)
      .where(options.where),
  };
}

/**
 * The sort key the list cache keeps beside each id (list-cache.ts): for an order by one numeric or
 * time column, that column as float8 (a time in microseconds, exact below 2^53), else null.
 */
export function jobListSortKey(sort: SortField[]): IdQuery['sortKey'] {
  if (sort.length !== 1) return null;
  const [{ field, dir }] = sort as [SortField];
  const column = { createdAt: jobs.createdAt, updatedAt: jobs.updatedAt, publishedAt: jobs.publishedAt }[field];
  if (column) return { expr: sql`extract(epoch from ${column}) * 1000000`, dir };
  // Minutes as they are; a null (too little data) is kept as Infinity, last ascending (sorted-ids.ts).
  if (field === 'companyResponse') return { expr: sql`${jobs.companyResponseMinutes}`, dir };
  return field === 'id' ? { expr: sql`${jobs.id}`, dir } : null;
}

/** A parsed list query as the cache's ids query. */
export function jobIdQuery(q: Pick<ParsedListQuery, 'where' | 'orderBy' | 'sort'>): IdQuery {
  return { where: q.where, orderBy: q.orderBy, sortKey: jobListSortKey(q.sort) };
}

/**
 * One page of the list through the cache (list-cache.ts): the ordered ids matching the query at
 * `version`, the list version the request read, or newer (cached and brought forward; the total
 * is their number), then the page's rows read fresh by id.
 * `visibility` is applied again to the rows, so a row deactivated since the ids were taken is
 * left out rather than shown.
 */
export async function selectJobPage(
  db: Db,
  cache: JobListCache,
  options: JobQueryOptions & { sort: SortField[]; visibility: SQL; version: number },
): Promise<JobPage & { shown: ShownPage }> {
  const query = jobIdQuery(options);
  const kept = await cache.matchingIds(query, options.version);
  const pageIds = kept.ids.slice(options.start, options.start + options.limit);
  const pageIdList = Array.from(pageIds);
  const total = options.withCount ? kept.ids.length : undefined;
  const shown: ShownPage = {
    query,
    version: kept.version,
    start: options.start,
    limit: options.limit,
    ids: pageIds,
    total,
  };
  if (pageIds.length === 0) return { rows: [], total, shown };
  const rows = await jobRowsByIds(db, pageIdList, options.visibility);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: pageIdList.flatMap((id) => byId.get(id) ?? []), total, shown };
}

/** The rows of the given advertisements (any order); the bench's floor reads its SQL too. */
export function jobRowsByIds(db: Db, ids: number[], visibility: SQL) {
  return jobSelect(db).where(and(idIn(jobs.id, ids), visibility));
}

export async function selectJobs(db: Db, options: JobQueryOptions): Promise<JobPage> {
  const statements = jobListStatements(db, options);
  if (!options.withCount) {
    return { rows: await statements.rows };
  }
  const [rows, counted] = await Promise.all([statements.rows, statements.count]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findJob(db: Db, id: number, where: SQL): Promise<JobRow | undefined> {
  const { rows } = await selectJobs(db, {
    where: and(eq(jobs.id, id), where),
    orderBy: [],
    start: 0,
    limit: 1,
    withCount: false,
  });
  return rows[0];
}

export interface JobPresentOptions {
  /** Visitors (landing page) see only title, bonus, salary, working time, city, district and dates. */
  visitor?: boolean;
}

/** The one presenter for advertisements (Job in packages/core). */
export function presentJob(row: JobRow, options: JobPresentOptions = {}): Job {
  const visitor = options.visitor === true;
  return {
    id: row.id,
    jobTitle: row.jobTitle,
    workingTime: row.workingTime,
    assignment: visitor ? [] : row.assignment,
    requirements: visitor ? [] : row.requirements,
    benefits: visitor ? [] : row.benefits,
    jobInfo: visitor ? [] : row.jobInfo,
    location: { street: visitor ? '' : row.street, postcode: row.postcode, city: row.city },
    salary: row.salary,
    district:
      row.districtId !== null && row.districtName !== null ? { id: row.districtId, name: row.districtName } : null,
    users_permissions_user:
      visitor || row.ownerId === null
        ? null
        : {
            id: row.ownerId,
            username: row.ownerName ?? '',
            email: row.ownerEmail ?? '',
            description: row.ownerDescription,
          },
    organisation:
      visitor || row.organisationId === null || row.organisationName === null
        ? null
        : { id: row.organisationId, name: row.organisationName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    placementBonus: row.bonus,
    currentPlacementBonus: row.bonus,
    salaryFacts: {
      kvMinimumCents: row.kvMinimumCents,
      overpayment: row.overpayment,
      yearlyPayments: row.yearlyPayments,
    },
    requiredProfileFields: row.requiredProfileFields,
    companyResponseMinutes: visitor ? null : row.companyResponseMinutes,
  };
}

export function attachmentUrl(uploadId: number): string {
  return `/api/job-attachments/${uploadId}`;
}

export async function listAttachments(db: Db, jobId: number): Promise<JobAttachment[]> {
  const rows = await db
    .select({ id: uploads.id, name: uploads.originalName, ext: uploads.ext, mime: uploads.mime, size: uploads.size })
    .from(jobAttachments)
    .innerJoin(uploads, eq(uploads.id, jobAttachments.uploadId))
    .where(eq(jobAttachments.jobId, jobId))
    .orderBy(asc(uploads.id));
  return rows.map((r) => ({ ...r, url: attachmentUrl(r.id) }));
}

/** Who an advertisement belongs to and whether it is active: what every check on it reads. */
export const ownershipColumns = {
  id: jobs.id,
  ownerId: jobs.ownerId,
  organisationId: jobs.organisationId,
  publishedAt: jobs.publishedAt,
  jobTitle: jobs.jobTitle,
};

/** Owner and state of one advertisement, for authorisation (no visibility filter). */
export async function jobOwnership(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select(ownershipColumns).from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}
