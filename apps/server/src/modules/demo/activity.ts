import { and, eq, gt, max } from 'drizzle-orm';
import { viennaDate, type InvoiceIssuer } from '@pb/core';
import type { Db } from '../../db/client';
import { DEMO_DOMAIN } from './seed';
import { introductions, mailOutbox } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { changePlacementStatus } from '../placements';
import { fileGuaranteeClaim } from '../billing';
import { openConversation } from '../chat';
import { demoActors, jobOf, post, type Actor } from './actors';
import {
  changeIntroductionStatus,
  confirmConsent,
  consentTokenOf,
  declareAlreadyKnown,
  introduceCandidate,
} from '../introductions';
import { DEMO_INTRODUCTIONS, type DemoIntroduction } from './introductions';
import { demoInterviewSteps } from './interviews';
import { demoHistorySteps } from './history-steps';
import { DEMO_HISTORY } from './history';
import { seedDemoRatings } from './ratings';
import { runTrustFigures } from '../trust';
import { newPdfDocument, pdfBytes } from '../../services/pdf-parts';
import { seedDemoPayouts } from './payouts';
import { seedDemoCircumventionCase } from './circumvention-case';
import { demoBilling, reportDemoPlacement } from './placements';

/**
 * The demo marketplace's activity (development only): conversations with files and
 * introductions in every state — new, in review, interview, offer, hired, rejected,
 * 'nachrangig', 'Bereits bekannt' — made with the real commands, so the register's hash
 * chain, the chat messages and the claims are exactly what users would produce. Runs
 * once, right after seedDemoData; the history it writes is not mailed.
 */

export interface DemoActivityDeps {
  db: Db;
  storage: FileStorage;
  fingerprintSecret: string;
  registerSecret: string;
  publicUrl: string;
  officeEmail: string;
  invoiceIssuer: InvoiceIssuer;
  now: Date;
  /** The calendar invitations' organiser (MAIL_FROM); the demo's history is never mailed anyway. */
  mailFrom?: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** A one-page PDF, so the demo's files open like real ones. */
async function demoPdf(title: string, lines: string[]): Promise<UploadedFile> {
  const doc = await newPdfDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Prämienbörse (Demo)' } });
  const bytes = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown().font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.4);
  doc.moveDown().fontSize(9).fillColor('#555555').text('Demo-Dokument der Prämienbörse – frei erfunden.');
  doc.end();
  const buffer = await bytes;
  return {
    buffer,
    filename: `${title.replace(/[^\p{L}\p{N}]+/gu, '_')}.pdf`,
    ext: 'pdf',
    mime: 'application/pdf',
    size: buffer.length,
  };
}

/** Creates the demo conversations and introductions unless demo introductions exist already. */
export async function seedDemoActivity(deps: DemoActivityDeps): Promise<{ introductions: number }> {
  const { db, storage, now } = deps;
  const { companies, consultants } = await demoActors(db);
  if (companies.length < 4 || consultants.length < 4) return { introductions: 0 };
  const [existing] = await db
    .select({ id: introductions.id })
    .from(introductions)
    .where(eq(introductions.consultantId, consultants[0]!.id))
    .limit(1);
  if (existing) return { introductions: 0 };
  const [outbox] = await db.select({ last: max(mailOutbox.id) }).from(mailOutbox);
  const at = (daysAgo: number, hours = 9) => new Date(now.getTime() - daysAgo * DAY + (hours - 12) * 3_600_000);
  const { publicUrl, registerSecret } = deps;
  const mailFrom = deps.mailFrom ?? 'Prämienbörse <no-reply@praemienboerse.at>';
  const context = (when: Date) => ({ storage, publicUrl, now: when, registerSecret, mailFrom });

  // A conversation with files before any introduction: the company sends its profile of requirements.
  const hotel = companies[0]!;
  const sabine = consultants[0]!;
  const conversation = await openConversation(db, sabine, await jobOf(db, hotel, 'Rezeptionist/in'), at(20, 10));
  await post(
    db,
    sabine,
    conversation,
    {
      text: 'Grüß Gott! Ich betreue mehrere Rezeptionistinnen mit Erfahrung in der gehobenen Hotellerie. Gibt es ein Anforderungsprofil und einen gewünschten Starttermin?',
      files: [],
    },
    context(at(20, 10)),
  );
  await post(
    db,
    hotel,
    conversation,
    {
      text: 'Gerne – anbei unser Anforderungsprofil. Start wäre mit Beginn der Wintersaison.',
      files: [
        await demoPdf('Anforderungsprofil Rezeption', [
          'Alpenblick Hotels GmbH – Rezeption (Vollzeit, 5-Tage-Woche)',
          'Erfahrung: mindestens 2 Jahre an der Rezeption eines 4- oder 5-Sterne-Hauses',
          'Sprachen: Deutsch und Englisch, Italienisch von Vorteil',
          'Systeme: Opera oder Protel',
          'Start: Beginn der Wintersaison',
        ]),
      ],
    },
    context(at(19, 14)),
  );
  await post(
    db,
    sabine,
    conversation,
    { text: 'Danke! Ich melde mich in den nächsten Tagen mit einer passenden Kandidatin.', files: [] },
    context(at(19, 16)),
  );

  // Introductions in chronological order (the register is append-only).
  const steps: Array<{ when: Date; run: () => Promise<unknown> }> = [];
  const ids = new Map<DemoIntroduction, number>();
  for (const item of DEMO_INTRODUCTIONS) {
    const consultant = consultants[item.consultant]!;
    const company = companies[item.company]!;
    steps.push({
      when: at(item.daysAgo),
      run: async () => {
        const cv = item.cv
          ? await demoPdf(`Lebenslauf ${item.firstName} ${item.lastName}`, [
              `${item.firstName} ${item.lastName}`,
              item.pitch,
              'Ausbildung, Berufserfahrung und Referenzen auf Anfrage.',
            ])
          : undefined;
        const outcome = await introduceCandidate(
          db,
          consultant,
          {
            advertisement: await jobOf(db, company, item.job),
            firstName: item.firstName,
            lastName: item.lastName,
            email: item.email.trim().toLowerCase(),
            phone: item.phone,
            pitch: item.pitch,
            profile: item.profile,
          },
          cv,
          { ...context(at(item.daysAgo)), fingerprintSecret: deps.fingerprintSecret, officeEmail: deps.officeEmail },
        );
        ids.set(item, outcome.introductionId);
      },
    });
    if (item.consent !== 'pending') {
      const when = new Date(at(item.daysAgo).getTime() + item.consent * 3_600_000);
      steps.push({
        when,
        run: async () => {
          const token = await consentTokenOf(db, registerSecret, ids.get(item)!);
          await confirmConsent(db, token!, { keepLonger: false }, null, context(when));
        },
      });
    }
    for (const move of item.moves ?? []) {
      steps.push({
        when: at(move.daysAgo, 11),
        run: () =>
          changeIntroductionStatus(
            db,
            company,
            ids.get(item)!,
            { status: move.status, reason: move.reason, reasonCategory: move.category },
            context(at(move.daysAgo, 11)),
          ),
      });
    }
    if (item.alreadyKnown) {
      const when = new Date(now.getTime() - item.alreadyKnown.hoursAgo * 3_600_000);
      steps.push({
        when,
        run: () => declareAlreadyKnown(db, company, ids.get(item)!, item.alreadyKnown!.note, undefined, context(when)),
      });
    }
  }
  const hofer = DEMO_INTRODUCTIONS.find((i) => i.lastName === 'Hofer')!;
  steps.push(
    ...demoInterviewSteps(
      db,
      companies[hofer.company]!,
      consultants[hofer.consultant]!,
      () => ids.get(hofer)!,
      at,
      context,
      now,
      mailFrom,
    ),
  );
  // Earlier introductions, so every trust figure has enough data (issue 36).
  const history = demoHistorySteps({ ...deps, companies, consultants, at, context });
  steps.push(...history.steps);
  steps.sort((a, b) => a.when.getTime() - b.when.getTime());
  for (const step of steps) await step.run();
  await seedDemoBilling(deps, companies[3]!, ids.get(DEMO_INTRODUCTIONS.find((i) => i.lastName === 'Koller')!)!, at);
  await seedDemoPayouts(deps, hotel, sabine, ids.get(DEMO_INTRODUCTIONS.find((i) => i.lastName === 'Brunner')!)!, at);
  const wimmer = DEMO_INTRODUCTIONS.find((i) => i.lastName === 'Wimmer')!;
  await seedDemoCircumventionCase(
    deps,
    companies[wimmer.company]!,
    consultants[wimmer.consultant]!,
    ids.get(wimmer)!,
    at,
  );

  // Ratings between the parties of ended introductions, then the trust figures of all of it (issue 36).
  const parties = (company: number, consultant: number, id: number) => ({
    id,
    company: companies[company]!,
    agency: consultants[consultant]!,
  });
  await seedDemoRatings({
    db,
    now,
    introductionOf: (lastName) => {
      const current = DEMO_INTRODUCTIONS.find((i) => i.lastName === lastName);
      if (current) return parties(current.company, current.consultant, ids.get(current)!);
      const earlier = DEMO_HISTORY.find((i) => i.lastName === lastName)!;
      return parties(earlier.company, earlier.consultant, history.idOf(earlier));
    },
  });
  await runTrustFigures(db, now);

  // The history above is not news: nobody (not even the office) is mailed about it.
  await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.id, outbox?.last ?? 0)));
  return { introductions: DEMO_INTRODUCTIONS.length + DEMO_HISTORY.length };
}

/**
 * The money of the hired demo candidate (issue 12): the company reports the placement, the
 * back office invoices it (a real invoice PDF with a number), and the company has an open
 * guarantee claim the back office can decide — so 'Rechnungen', 'Meine Vermittlungen' and the
 * back office's billing page show something on a fresh start.
 */
async function seedDemoBilling(
  deps: DemoActivityDeps,
  company: Actor,
  introductionId: number,
  at: (daysAgo: number, hours?: number) => Date,
): Promise<void> {
  const { db } = deps;
  const { placementId, user } = await reportDemoPlacement(
    deps,
    company,
    introductionId,
    {
      jobTitle: 'Pflegeassistenz',
      placementBonus: 15,
      actualSalary: 36_400,
      recruiter: 'Demo-Beraterin',
      recruiterMail: 'berater3@' + DEMO_DOMAIN,
      street: 'Herrengasse',
      houseNr: '16',
      postalCode: '8010',
      city: 'Graz',
    },
    at(14, 10),
  );
  await changePlacementStatus(db, null, placementId, { status: 'verrechnet' }, demoBilling(deps, at(13, 10)));
  await fileGuaranteeClaim(
    db,
    user,
    placementId,
    {
      employmentStart: viennaDate(at(12)),
      employmentEnd: viennaDate(at(2)),
      endedBy: 'probezeit',
      note: 'Die Mitarbeiterin hat das Dienstverhältnis in der Probezeit gelöst (Umzug nach Wien).',
    },
    { ...demoBilling(deps, at(1, 10)), officeEmail: deps.officeEmail },
  );
}
