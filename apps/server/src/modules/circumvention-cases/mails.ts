import { eq } from 'drizzle-orm';
import { CASE_DECISION_LABELS, formatDay } from '@pb/core';
import type { Db } from '../../db/client';
import { users, type CircumventionCaseRow, type PlacementReportRow } from '../../db/schema';
import { enqueueLetters } from '../../services/mail-outbox';
import { liveMemberIdsOf } from '../../services/memberships';
import { organisationAdministrators } from '../billing';

/**
 * The case's letters. A hearing is a legal step: it goes by mail to the company's administrators
 * and the person who reported, whatever their notification settings; the decision to the company
 * and to the agency's administrators; the company's statement to the office.
 */

/** The company's administrators, and the person who reported while still a member of the company. */
async function companyRecipients(tx: Db, row: CircumventionCaseRow, report: PlacementReportRow): Promise<string[]> {
  if (row.companyOrganisationId === null) return [];
  const admins = await organisationAdministrators(tx, row.companyOrganisationId);
  const members = await liveMemberIdsOf(tx, [row.companyOrganisationId]);
  const [reporter] =
    report.reporterId === null || !members.includes(report.reporterId)
      ? []
      : await tx
          .select({ email: users.email, blocked: users.blocked })
          .from(users)
          .where(eq(users.id, report.reporterId));
  const all = [...admins.map((a) => a.email), ...(reporter && !reporter.blocked ? [reporter.email] : [])];
  return [...new Set(all)];
}

async function send(
  tx: Db,
  to: string[],
  event: string,
  subject: string,
  paragraphs: string[],
  link: { href: string; label: string },
): Promise<void> {
  await enqueueLetters(tx, { to, event, subject, paragraphs, link });
}

export async function hearingMails(
  tx: Db,
  row: CircumventionCaseRow,
  report: PlacementReportRow,
  publicUrl: string,
): Promise<void> {
  await send(
    tx,
    await companyRecipients(tx, row, report),
    'circumvention_case.hearing',
    `Anhörung im Umgehungsverfahren Nr. ${row.id} – „${report.jobTitle}“ (Frist ${formatDay(row.deadline)})`,
    [row.letter],
    { href: `${publicUrl}/advertisements/circumvention-cases`, label: 'Stellung nehmen' },
  );
}

export async function answerMail(
  tx: Db,
  row: CircumventionCaseRow,
  report: PlacementReportRow,
  context: { officeEmail: string; publicUrl: string },
): Promise<void> {
  await send(
    tx,
    [context.officeEmail],
    'circumvention_case.answer',
    `Stellungnahme im Umgehungsverfahren Nr. ${row.id} – „${report.jobTitle}“`,
    [`${report.companyName} hat im Umgehungsverfahren Nr. ${row.id} Stellung genommen:`, row.answer ?? ''],
    { href: `${context.publicUrl}/admin/circumvention-cases`, label: 'Verfahren öffnen' },
  );
}

export async function decisionMails(
  tx: Db,
  row: CircumventionCaseRow,
  report: PlacementReportRow,
  publicUrl: string,
): Promise<void> {
  const found = row.decision === 'umgehung_festgestellt';
  const label = CASE_DECISION_LABELS[row.decision!];
  await send(
    tx,
    await companyRecipients(tx, row, report),
    'circumvention_case.decision',
    `Entscheidung im Umgehungsverfahren Nr. ${row.id}: ${label}`,
    [
      'Guten Tag,',
      `im Umgehungsverfahren Nr. ${row.id} zur Besetzung der Stelle „${report.jobTitle}“ haben wir entschieden: ${label}.`,
      `Begründung: ${row.reasons ?? ''}`,
      ...(found
        ? [
            'Die Rechnung über die Vertragsstrafe erhalten Sie gesondert. Die Besetzung wird der Vorstellung der Personalberatung zugeordnet und mit deren Prämie verrechnet.',
          ]
        : []),
    ],
    { href: `${publicUrl}/advertisements/circumvention-cases`, label: 'Verfahren ansehen' },
  );
  if (row.agencyOrganisationId === null) return;
  const agency = (await organisationAdministrators(tx, row.agencyOrganisationId)).map((a) => a.email);
  await send(
    tx,
    agency,
    'circumvention_case.decision.agency',
    `Ihr Anspruch bei „${report.jobTitle}“: ${label}`,
    [
      'Guten Tag,',
      found
        ? `wir haben festgestellt, dass ${report.companyName} die von Ihnen vorgestellte Person unter Umgehung der Plattform eingestellt hat. Die Besetzung wird Ihrer Vorstellung zugeordnet; Ihre Vermittlungsprämie wird wie bei jeder Besetzung nach Zahlung und Garantie mit Gutschrift abgerechnet.`
        : `das Verfahren wegen des Verdachts einer Umgehung bei ${report.companyName} haben wir eingestellt. Begründung: ${row.reasons ?? ''}`,
    ],
    { href: `${publicUrl}/advertisements/earnings`, label: 'Zu Ihren Vermittlungen' },
  );
}
