import { and, count, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { GUARANTEE_DOCUMENT_RETENTION_MONTHS, GUARANTEE_MAX_DOCUMENTS, GUARANTEE_MSG, type StoredFile } from '@pb/core';
import type { Db } from '../../db/client';
import { guaranteeClaimDocuments, guaranteeClaims, placementReports, uploads } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { badRequest, conflict } from '../../lib/errors';
import { monthsBefore } from '../../lib/months';
import type { FileStorage } from '../../lib/storage';
import { withStoredUploads } from '../../services/stored-uploads';
import type { UploadedFile } from '../../lib/uploads';
import { authorizeGuaranteeClaim, mayReadCompanyMoney } from './policy';

/**
 * A guarantee claim's documents (termination letter …): the company adds them while the claim
 * is open; the company and the back office read them; the retention run deletes them 6 months
 * after the decision (they name the employee).
 */

export function claimDocumentUrl(uploadId: number): string {
  return `/api/guarantee-claim-documents/${uploadId}`;
}

function present(row: typeof uploads.$inferSelect): StoredFile {
  return {
    id: row.id,
    name: row.originalName,
    ext: row.ext,
    mime: row.mime,
    size: row.size,
    url: claimDocumentUrl(row.id),
  };
}

/** The documents of each claim. */
export async function documentsOf(db: Db, claimIds: number[]): Promise<Map<number, StoredFile[]>> {
  const map = new Map<number, StoredFile[]>();
  if (claimIds.length === 0) return map;
  const rows = await db
    .select({ claimId: guaranteeClaimDocuments.claimId, upload: uploads })
    .from(guaranteeClaimDocuments)
    .innerJoin(uploads, eq(uploads.id, guaranteeClaimDocuments.uploadId))
    .where(inArray(guaranteeClaimDocuments.claimId, claimIds))
    .orderBy(uploads.id);
  for (const row of rows) map.set(row.claimId, [...(map.get(row.claimId) ?? []), present(row.upload)]);
  return map;
}

/**
 * 'billing.claimant' for a claim's documents, asked before the upload is read (like the chat's
 * file messages): the claim is the company's own (else 404: its existence is not revealed) and
 * still open (409). addClaimDocuments checks again under the row lock, so a decision that comes
 * in between still wins.
 */
export async function authorizeClaimDocuments(db: Db, user: CurrentUser, claimId: number): Promise<void> {
  const [row] = await db
    .select({ companyOrganisationId: placementReports.companyOrganisationId, status: guaranteeClaims.status })
    .from(guaranteeClaims)
    .innerJoin(placementReports, eq(placementReports.id, guaranteeClaims.placementReportId))
    .where(eq(guaranteeClaims.id, claimId))
    .limit(1);
  const claim = authorizeGuaranteeClaim(user, row, GUARANTEE_MSG.claimNotFound);
  if (claim.status !== 'offen') throw conflict(GUARANTEE_MSG.documentsClosed);
}

/** Command: stores the files and links them to the company's open claim (files first; removed again on failure). */
export async function addClaimDocuments(
  db: Db,
  storage: FileStorage,
  user: CurrentUser,
  claimId: number,
  files: UploadedFile[],
): Promise<StoredFile[]> {
  return withStoredUploads(storage, files, (insertRows) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ claim: guaranteeClaims, companyOrganisationId: placementReports.companyOrganisationId })
        .from(guaranteeClaims)
        .innerJoin(placementReports, eq(placementReports.id, guaranteeClaims.placementReportId))
        .where(eq(guaranteeClaims.id, claimId))
        .for('update', { of: guaranteeClaims });
      const claim = authorizeGuaranteeClaim(user, locked, GUARANTEE_MSG.claimNotFound).claim;
      if (claim.status !== 'offen') throw conflict(GUARANTEE_MSG.documentsClosed);
      const [existing] = await tx
        .select({ n: count() })
        .from(guaranteeClaimDocuments)
        .where(eq(guaranteeClaimDocuments.claimId, claimId));
      if ((existing?.n ?? 0) + files.length > GUARANTEE_MAX_DOCUMENTS) throw badRequest(GUARANTEE_MSG.tooManyDocuments);
      const rows = await insertRows(tx, user.id, 'guarantee_document');
      await tx.insert(guaranteeClaimDocuments).values(rows.map((r) => ({ claimId, uploadId: r.id })));
      return rows.map(present);
    }),
  );
}

/** A document for download if the caller may read it: the claiming company's members or the back office. */
export async function claimDocumentForDownload(db: Db, user: CurrentUser, uploadId: number) {
  const [row] = await db
    .select({ upload: uploads, companyOrganisationId: placementReports.companyOrganisationId })
    .from(guaranteeClaimDocuments)
    .innerJoin(uploads, eq(uploads.id, guaranteeClaimDocuments.uploadId))
    .innerJoin(guaranteeClaims, eq(guaranteeClaims.id, guaranteeClaimDocuments.claimId))
    .innerJoin(placementReports, eq(placementReports.id, guaranteeClaims.placementReportId))
    .where(eq(guaranteeClaimDocuments.uploadId, uploadId))
    .limit(1);
  if (!row) return null;
  if (!mayReadCompanyMoney(user, row)) return null;
  return row.upload;
}

/** Retention: documents of claims decided more than 6 months ago; returns the count and the files to remove after commit. */
export async function claimDocumentRetention(
  tx: Db,
  now: Date,
  dryRun: boolean,
): Promise<{ count: number; storageKeys: string[] }> {
  const due = await tx
    .select({ uploadId: uploads.id, storageKey: uploads.storageKey })
    .from(guaranteeClaimDocuments)
    .innerJoin(uploads, eq(uploads.id, guaranteeClaimDocuments.uploadId))
    .innerJoin(guaranteeClaims, eq(guaranteeClaims.id, guaranteeClaimDocuments.claimId))
    .where(
      and(
        isNotNull(guaranteeClaims.decidedAt),
        lt(guaranteeClaims.decidedAt, monthsBefore(now, GUARANTEE_DOCUMENT_RETENTION_MONTHS)),
      ),
    );
  if (!dryRun && due.length > 0) {
    await tx.delete(uploads).where(
      inArray(
        uploads.id,
        due.map((d) => d.uploadId),
      ),
    );
  }
  return { count: due.length, storageKeys: dryRun ? [] : due.map((d) => d.storageKey) };
}
