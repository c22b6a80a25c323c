import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { introductions, jobs, placementReports, users } from '../../db/schema';
import { canonicalJson, type ChainValue } from './register-chain';
import { undoesPrevious } from './register-undo';
import {
  BATCH,
  compareFormerCompanies,
  CONSENT_STATE_OF_ENTRY,
  consentProblem,
  fingerprintProblem,
  iso,
  noted,
  type Content,
  type Facts,
  type RegisterProblem,
} from './register-compare';

export { BATCH, type RegisterProblem };

/**
 * What the register says about each introduction, replayed entry by entry, and the comparison
 * with the state tables (issue 28, item 8): every column that decides who is owed money —
 * parties, bonus, time, consent, status, 'nachrangig' and its day, the claim's lapse and
 * revival, 'Bereits bekannt' with its note, the circumvention flag, the back office's
 * resolution, the fingerprints against their commitment — and the placement reports that name
 * an introduction or carry its circumvention flag. An edit of either side is a problem.
 */

/** Rows in id order, BATCH at a time: memory stays flat however long the register grows. */
export async function* inIdOrder<T extends { id: number }>(page: (afterId: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export class RegisterFacts {
  private readonly byIntroduction = new Map<number, Facts>();
  /** Introductions per company as introduced: (time, consultant) — the legacy 'nachrangig' check. */
  private readonly introducedByCompany = new Map<ChainValue, Array<{ at: ChainValue; consultantId: ChainValue }>>();
  /** placement_reported: report → introduction. */
  private readonly reportNames = new Map<number, number>();
  /** circumvention_suspected: report → the time, and per flagged introduction the stated evidence (since 0026). */
  private readonly reportFlags = new Map<number, { at: ChainValue; introductions: Map<number, string | null> }>();

  /** One register entry, in chain order. */
  apply(entryId: number, introductionId: number, content: Content, problems: RegisterProblem[]): void {
    const fact = this.byIntroduction.get(introductionId) ?? {
      introduced: null,
      status: null,
      statusAt: null,
      lapsedAt: null,
      alreadyKnown: null,
      circumventionAt: null,
      resolved: null,
      fingerprintsDeletedAt: null,
      handler: { consultant: null, company: null },
      consentAt: null,
      identityReleasedAt: null,
      consentState: 'confirmed',
      stateSeen: false,
      last: null,
    };
    this.byIntroduction.set(introductionId, fact);
    const previous = fact.last;
    fact.last = { id: entryId, content };
    const at = content['at'] ?? null;
    switch (content['kind']) {
      case 'introduced': {
        fact.introduced = content;
        // Before issue 35 the consultant's word was the consent.
        fact.consentState = content['consent'] === 'requested' ? 'pending' : 'confirmed';
        fact.handler = { consultant: content['consultantId'] ?? null, company: content['companyId'] ?? null };
        const list = this.introducedByCompany.get(content['companyId'] ?? null) ?? [];
        list.push({ at, consultantId: content['consultantId'] ?? null });
        this.introducedByCompany.set(content['companyId'] ?? null, list);
        break;
      }
      case 'status':
        // A final rejection lets a standing claim lapse (moveIntroduction).
        if (content['status'] === 'abgesagt' && fact.lapsedAt === null) fact.lapsedAt = String(at);
        break;
      case 'claim_revived':
        if (content['lapsedAt'] !== fact.lapsedAt) {
          problems.push({ entryId, introductionId, problem: 'Wiederaufleben ohne verfallenen Anspruch im Register' });
        }
        fact.lapsedAt = null;
        break;
      case 'already_known':
        fact.alreadyKnown = { at, noteHash: content['noteHash'] ?? null };
        break;
      case 'circumvention_suspected': {
        fact.circumventionAt = at;
        const reportId = Number(content['reportId']);
        const flag = this.reportFlags.get(reportId) ?? { at, introductions: new Map<number, string | null>() };
        const stated =
          'claim' in content ? canonicalJson([content['claim'] ?? null, content['matchedBy'] ?? null]) : null;
        flag.introductions.set(introductionId, stated);
        this.reportFlags.set(reportId, flag);
        break;
      }
      case 'placement_reported':
        this.reportNames.set(Number(content['reportId']), introductionId);
        break;
      case 'resolved':
        fact.resolved = { at, noteHash: content['noteHash'] ?? null };
        break;
      case 'consent_confirmed':
        fact.consentAt = content['consentAt'] ?? null;
        break;
      case 'identity_released':
        fact.identityReleasedAt = at;
        break;
      case 'fingerprints_deleted':
        fact.fingerprintsDeletedAt = at;
        break;
      case 'status_undone':
        if (!undoesPrevious(content, previous)) {
          problems.push({ entryId, introductionId, problem: 'Zurücknahme ohne passenden Statuswechsel davor' });
        }
        break;
      case 'handed_over': {
        const side = content['side'] === 'consultant' ? 'consultant' : 'company';
        if (content['fromUserId'] !== fact.handler[side]) {
          problems.push({
            entryId,
            introductionId,
            problem: 'Übergabe von jemandem, der die Vorstellung nicht betreute',
          });
        }
        fact.handler[side] = content['toUserId'] ?? null;
        break;
      }
    }
    const consentState = CONSENT_STATE_OF_ENTRY[String(content['kind'])];
    if (consentState) fact.consentState = consentState;
    if (typeof content['status'] === 'string') {
      fact.status = content['status'];
      fact.statusAt = at;
    }
  }

  /** Every introduction and placement report against the replayed entries; returns the introductions' count. */
  async compareWithState(db: Db, problems: RegisterProblem[]): Promise<number> {
    let count = 0;
    const gone: Array<{ introductionId: number; table: 'users' | 'jobs'; id: number }> = [];
    const unmarked: Array<{ introductionId: number; companyId: number }> = [];
    const states = inIdOrder((after) =>
      db.select().from(introductions).where(gt(introductions.id, after)).orderBy(asc(introductions.id)).limit(BATCH),
    );
    for await (const row of states) {
      count += 1;
      const fact = this.byIntroduction.get(row.id);
      const problem = (text: string) => problems.push({ entryId: null, introductionId: row.id, problem: text });
      if (fact) fact.stateSeen = true;
      if (!fact?.introduced) {
        problem('Vorstellung ohne Registereintrag');
        continue;
      }
      const locked = fact.introduced;
      // A deleted company's account id (former-companies.ts) decides which new account owes the fee.
      if (row.formerCompanyId !== null && row.formerCompanyId !== locked['companyId']) {
        problem('Frühere Firma (gelöschter Account) weicht vom Register ab');
      }
      if (row.formerCompanyId === null && row.companyId === null && typeof locked['companyId'] === 'number') {
        unmarked.push({ introductionId: row.id, companyId: locked['companyId'] });
      }
      // An id may have become null only because the account or advertisement is gone (checked below).
      const differs = (value: number | null, stated: ChainValue | undefined, table: 'users' | 'jobs') => {
        if (value === null && typeof stated === 'number') gone.push({ introductionId: row.id, table, id: stated });
        return value !== null && value !== stated;
      };
      if (
        differs(row.jobId, locked['jobId'], 'jobs') ||
        differs(row.companyId, fact.handler.company, 'users') ||
        differs(row.consultantId, fact.handler.consultant, 'users') ||
        // Since 0037 the entry names the agency the claim belongs to and the company it was made to.
        ('agencyOrganisationId' in locked && row.agencyOrganisationId !== locked['agencyOrganisationId']) ||
        ('companyOrganisationId' in locked && row.companyOrganisationId !== locked['companyOrganisationId']) ||
        row.bonus !== locked['bonus'] ||
        iso(row.introducedAt) !== locked['at'] ||
        iso(row.consentAt) !== (locked['consentAt'] ?? iso(row.consentAt))
      ) {
        problem('Vorstellung weicht vom Register ab (Inserat, Parteien, Prämie oder Zeit)');
      }
      if (fact.status !== row.status || fact.statusAt !== iso(row.statusChangedAt)) {
        problem('Status weicht vom Register ab');
      }
      if ((locked['nameMatchOf'] ?? null) !== row.nameMatchOf) problem('Namensgleichheit weicht vom Register ab');
      if (!this.subordinationMatches(row, locked))
        problem('nachrangig oder Tag der früheren Vorstellung weicht vom Register ab');
      if (iso(row.claimLapsedAt) !== fact.lapsedAt)
        problem('Anspruch (verfallen oder wieder aufgelebt) weicht vom Register ab');
      if (!noted(fact.alreadyKnown, row.alreadyKnownAt, row.alreadyKnownNote)) {
        problem('Bereits bekannt weicht vom Register ab (Zeitpunkt oder Notiz)');
      }
      if (iso(row.circumventionAt) !== fact.circumventionAt) problem('Umgehungsverdacht weicht vom Register ab');
      if (!noted(fact.resolved, row.resolvedAt, row.resolutionNote)) problem('Klärung weicht vom Register ab');
      const fingerprints = fingerprintProblem(row, fact, locked);
      if (fingerprints) problem(fingerprints);
      const consent = consentProblem(row, fact, locked);
      if (consent) problem(consent);
    }
    await this.compareGone(db, gone, problems);
    await compareFormerCompanies(db, unmarked, problems);
    for (const [introductionId, fact] of this.byIntroduction) {
      if (!fact.stateSeen) {
        problems.push({
          entryId: null,
          introductionId,
          problem: 'Vorstellung fehlt: Registereinträge vorhanden, die Vorstellung wurde gelöscht',
        });
      }
    }
    await this.compareReports(db, problems);
    return count;
  }

  /**
   * The introduced entry states 'nachrangig' and (since 0026) the day of the earlier claim;
   * older entries only the flag, so there the day must be the time of an earlier introduction of
   * another consultant to the same company.
   */
  private subordinationMatches(row: typeof introductions.$inferSelect, locked: Content): boolean {
    const prior = iso(row.priorIntroducedAt);
    if (row.subordinate !== locked['subordinate'] || row.subordinate !== (prior !== null)) return false;
    if ('priorIntroducedAt' in locked) return locked['priorIntroducedAt'] === prior;
    if (prior === null) return true;
    const earlier = this.introducedByCompany.get(locked['companyId'] ?? null) ?? [];
    return earlier.some(
      (e) => e.at === prior && e.consultantId !== locked['consultantId'] && String(e.at) < String(locked['at']),
    );
  }

  /** A null party or advertisement is only legitimate while the one the register names no longer exists. */
  private async compareGone(
    db: Db,
    gone: Array<{ introductionId: number; table: 'users' | 'jobs'; id: number }>,
    problems: RegisterProblem[],
  ): Promise<void> {
    for (let i = 0; i < gone.length; i += BATCH) {
      const slice = gone.slice(i, i + BATCH);
      const userIds = slice.filter((g) => g.table === 'users').map((g) => g.id);
      const jobIds = slice.filter((g) => g.table === 'jobs').map((g) => g.id);
      const existing = new Set([
        ...(userIds.length ? await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)) : []).map(
          (r) => `users:${r.id}`,
        ),
        ...(jobIds.length ? await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds)) : []).map(
          (r) => `jobs:${r.id}`,
        ),
      ]);
      for (const g of slice) {
        if (existing.has(`${g.table}:${g.id}`)) {
          problems.push({
            entryId: null,
            introductionId: g.introductionId,
            problem:
              'Vorstellung weicht vom Register ab (Inserat, Parteien, Prämie oder Zeit): Verweis entfernt, obwohl er noch besteht',
          });
        }
      }
    }
  }

  /** Reports that name an introduction or carry its circumvention flag, against the entries. */
  private async compareReports(db: Db, problems: RegisterProblem[]): Promise<void> {
    const seen = new Set<number>();
    const reports = inIdOrder((after) =>
      db
        .select({
          id: placementReports.id,
          introductionId: placementReports.introductionId,
          circumventionAt: placementReports.circumventionAt,
          evidence: placementReports.circumventionEvidence,
        })
        .from(placementReports)
        .where(gt(placementReports.id, after))
        .orderBy(asc(placementReports.id))
        .limit(BATCH),
    );
    for await (const report of reports) {
      seen.add(report.id);
      const named = this.reportNames.get(report.id) ?? null;
      if (report.introductionId !== named) {
        problems.push({
          entryId: null,
          introductionId: report.introductionId ?? named,
          problem: `Stellenbesetzung Nr. ${report.id} nennt eine andere Vorstellung als das Register`,
        });
      }
      const flag = this.reportFlags.get(report.id);
      // Live introductions on the advertisement of a company report naming none (issue 28 (2)) are
      // the office's hint, not a match of the candidate: no register fact stands behind them.
      const matches = (report.evidence ?? []).filter((e) => e.basis !== 'advertisement');
      const listed = new Map(matches.map((e) => [e.introductionId, e]));
      const flagged = flag?.introductions ?? new Map<number, string | null>();
      for (const id of new Set([...listed.keys(), ...flagged.keys()])) {
        const evidence = listed.get(id);
        const stated = flagged.get(id);
        const agrees =
          evidence !== undefined &&
          stated !== undefined &&
          iso(report.circumventionAt) === flag?.at &&
          (stated === null || stated === canonicalJson([evidence.claim, [...evidence.matchedBy]]));
        if (!agrees) {
          problems.push({
            entryId: null,
            introductionId: id,
            problem: `Umgehungsverdacht der Stellenbesetzung Nr. ${report.id} weicht vom Register ab`,
          });
        }
      }
    }
    for (const [reportId, introductionId] of this.reportNames) {
      if (!seen.has(reportId)) {
        problems.push({ entryId: null, introductionId, problem: `Stellenbesetzung Nr. ${reportId} fehlt` });
      }
    }
  }
}
