import {
  EU_COUNTRIES,
  formatDate,
  formatEuro,
  PLACEMENT_FLAG_LABELS,
  PLACEMENT_REVIEW_MSG,
  type CountryCode,
  type PlacementFlag,
  formatPercent,
} from '@pb/core';
import { simpleHtml, type OutgoingMail } from '../../services/mail-outbox';
import type { ReportFigures } from './fees';

/**
 * The mails of placement reports and objections: pure templates from plain data
 * (German, as the office and the parties read them). The commands queue them in
 * their transaction.
 */

interface Account {
  username: string;
  email: string;
}

/** A stored report as the mails describe it. */
export interface ReportedPlacement {
  id: number;
  createdAt: Date;
  variant: 'company' | 'consultant';
  companyName: string;
  /** The filled position as the reporter wrote it. */
  jobTitle: string;
  contactPerson: string;
  recruiter: string;
  recruiterMail: string;
  /** The company's invoice address (company reports only). */
  invoiceAddress: {
    street: string;
    houseNr: string;
    postalCode: string;
    city: string;
    uid: string;
    country: CountryCode;
  } | null;
}

export interface ReportMailData {
  report: ReportedPlacement;
  reporter: Account;
  /** The company account owning the advertisement (none when it is gone). */
  owner: Account | undefined;
  /** The advertisement itself. */
  advertisement: { id: number; jobTitle: string };
  figures: ReportFigures;
  /** Why the back office must decide before invoicing (issue 28). */
  flags: PlacementFlag[];
  /** False while the back office reviews a consultant's report first: the advertisement stays active. */
  deactivated: boolean;
}

/** To the office: everything needed to invoice the placement. */
export function officeReportMail(data: ReportMailData, officeEmail: string): OutgoingMail {
  const { report, reporter, owner, advertisement, figures } = data;
  const address = report.invoiceAddress;
  const lines = [
    `Meldung Nr. ${report.id} vom ${report.variant === 'company' ? 'Unternehmen' : 'Personalberater'} ${reporter.username} (${reporter.email}).`,
    [
      `Unternehmen: ${report.companyName}`,
      `Unternehmen (Konto): ${owner ? `${owner.username} (${owner.email})` : '–'}`,
      `Besetzte Stelle: ${report.jobTitle}`,
      `Inserat: ${advertisement.jobTitle} (Nr. ${advertisement.id})`,
      `Ansprechperson: ${report.contactPerson}`,
      `Personalberater: ${report.recruiter}`,
      `E-Mail Personalberater: ${report.recruiterMail}`,
    ].join('\n'),
    [
      `Tatsächliche Vermittlungsprämie: ${formatPercent(figures.placementBonus)}`,
      `Zum Zeitpunkt der Meldung aktive Prämie: ${figures.bonusInForce !== null ? formatPercent(figures.bonusInForce) : '–'}`,
      `Tatsächliches Bruttojahresgehalt: ${formatEuro(figures.actualSalary)}`,
      `Vermittlungshonorar: ${formatEuro(figures.placementFee)}`,
      `Servicegebühr (10 %): ${formatEuro(figures.serviceFee)}`,
      `Summe: ${formatEuro(figures.total)}`,
    ].join('\n'),
    ...(address
      ? [
          [
            'Rechnungsadresse:',
            `${address.street} ${address.houseNr}`,
            `${address.postalCode} ${address.city}`,
            EU_COUNTRIES[address.country],
            `UID: ${address.uid}`,
          ].join('\n'),
        ]
      : []),
    ...(data.flags.length > 0
      ? [
          [
            'Zur Prüfung markiert (vor der Verrechnung im Backoffice freigeben oder verwerfen):',
            ...data.flags.map((f) => `– ${PLACEMENT_FLAG_LABELS[f.code]}: ${f.reason}`),
          ].join('\n'),
        ]
      : []),
    data.deactivated ? 'Das Inserat wurde deaktiviert.' : 'Das Inserat bleibt bis zur Freigabe aktiv.',
  ];
  return {
    event: 'placement.report',
    to: officeEmail,
    replyTo: reporter.email,
    subject: `Stellenbesetzung gemeldet: ${report.jobTitle} bei ${report.companyName}`,
    text: lines.join('\n\n'),
    html: simpleHtml(lines),
  };
}

/** To the reporter: thanks and the fees. */
export function reportConfirmationMail(
  data: Pick<ReportMailData, 'report' | 'reporter' | 'figures' | 'deactivated'>,
  publicUrl: string,
): OutgoingMail {
  const { report, reporter, figures } = data;
  const lines = [
    `Guten Tag ${reporter.username},`,
    `vielen Dank für Ihre Meldung der Stellenbesetzung „${report.jobTitle}“ bei ${report.companyName}.`,
    `Vermittlungsprämie: ${formatPercent(figures.placementBonus)} von ${formatEuro(figures.actualSalary)} = ${formatEuro(figures.placementFee)}; Servicegebühr (10 %): ${formatEuro(figures.serviceFee)}.`,
    data.deactivated
      ? 'Das Inserat wurde deaktiviert. Wir melden uns in Kürze mit den weiteren Schritten.'
      : PLACEMENT_REVIEW_MSG.reviewPending,
    'Ihr Prämienbörse-Team',
  ];
  return {
    event: 'placement.confirmation',
    to: reporter.email,
    subject: 'Ihre Meldung einer Stellenbesetzung',
    text: lines.join('\n\n'),
    html: simpleHtml(lines, { href: `${publicUrl}/advertisements/view`, label: 'Zur Prämienbörse' }),
  };
}

/** To the owning company when a consultant reported: it may object (decision 0015). */
export function companyReportNoticeMail(
  data: Pick<ReportMailData, 'report' | 'reporter' | 'advertisement' | 'deactivated'> & { owner: Account },
  publicUrl: string,
): OutgoingMail {
  const { report, reporter, owner, advertisement } = data;
  const lines = [
    `Guten Tag ${owner.username},`,
    `der Personalberater ${reporter.username} hat für Ihr Inserat „${advertisement.jobTitle}“ am ${formatDate(report.createdAt.toISOString())} eine Stellenbesetzung gemeldet (besetzte Stelle: ${report.jobTitle}). ${data.deactivated ? 'Das Inserat wurde deaktiviert.' : 'Das Inserat bleibt aktiv, bis unser Backoffice die Meldung geprüft hat.'}`,
    `Wenn diese Meldung nicht zutrifft, können Sie unter „Meine Inserate“ mit „Widersprechen“ und einer kurzen Begründung widersprechen, solange die Meldung noch nicht verrechnet ist. ${data.deactivated ? 'Das Inserat wird dann wieder aktiv und unser Backoffice prüft den Fall.' : 'Unser Backoffice prüft den Fall dann.'}`,
    'Ihr Prämienbörse-Team',
  ];
  return {
    event: 'placement.reported.company',
    to: owner.email,
    subject: `Stellenbesetzung zu Ihrem Inserat „${advertisement.jobTitle}“ gemeldet`,
    text: lines.join('\n\n'),
    html: simpleHtml(lines, { href: `${publicUrl}/advertisements/create`, label: 'Zu meinen Inseraten' }),
  };
}

export interface ObjectionMailData {
  report: { id: number; createdAt: Date; jobTitle: string; recruiter: string; placementFee: number };
  company: Account;
  /** The advertisement (none when it is gone). */
  advertisement: { id: number; jobTitle: string } | undefined;
  /** The reporting consultant's account (none when it is gone). */
  consultant: Account | undefined;
  note: string;
  reactivated: boolean;
}

/** To the office: a company objects to a consultant's report. */
export function officeObjectionMail(data: ObjectionMailData, officeEmail: string): OutgoingMail {
  const { report, company, advertisement, consultant } = data;
  const lines = [
    `Das Unternehmen ${company.username} (${company.email}) widerspricht der Meldung Nr. ${report.id} vom ${formatDate(report.createdAt.toISOString())}.`,
    [
      `Inserat: ${advertisement ? `${advertisement.jobTitle} (Nr. ${advertisement.id})` : '–'}`,
      `Besetzte Stelle laut Meldung: ${report.jobTitle}`,
      `Gemeldet von: ${consultant ? `${consultant.username} (${consultant.email})` : report.recruiter}`,
      `Vermittlungshonorar laut Meldung: ${formatEuro(report.placementFee)}`,
    ].join('\n'),
    `Begründung:\n${data.note}`,
    data.reactivated ? 'Das Inserat ist wieder aktiv.' : 'Das Inserat war bereits aktiv oder existiert nicht mehr.',
    'Die Meldung ist im Backoffice als Widerspruch markiert.',
  ];
  return {
    event: 'placement.objection',
    to: officeEmail,
    replyTo: company.email,
    subject: `Widerspruch zur Stellenbesetzung: ${report.jobTitle} (Meldung Nr. ${report.id})`,
    text: lines.join('\n\n'),
    html: simpleHtml(lines),
  };
}
