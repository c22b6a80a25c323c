import type { AnonymousProfile, IntroductionStatus, RejectionReason } from '@pb/core';
import { demoProfile } from './introductions';

/**
 * The demo marketplace's history (issue 36): enough earlier introductions that every trust figure
 * shows on a fresh start — each demo company with its own way of answering, each agency with its
 * own results. Times are hours after the introduction; the figures count them in Austrian office
 * hours, so a reaction 'after 3 hours' is within one working day whatever day the demo starts on.
 *
 * - Alpenblick Hotels (firma1) answers within hours, rejects with concrete reasons.
 * - Donau Logistik (firma2) takes about two days.
 * - Grazer Softwarehaus (firma3) answers in the chat first, the same day.
 * - Wiener Pflegeverbund (firma4) is slow, leaves introductions open and rejects mostly with 'Sonstiges'.
 * Every company has at least 3 rejections (TRUST_MIN_REJECTIONS), every figure its minimum.
 * - Sabine Huber (berater1) and Markus Gruber (berater2) publish their track records; Lena Steiner
 *   (berater3) does not; Personalservice Pichler (berater4) has too few introductions to show.
 */

export interface HistoryStep {
  afterHours: number;
  /** The company moves the introduction (with 'abgesagt' a reason from the catalogue and perhaps a text). */
  status?: IntroductionStatus;
  category?: RejectionReason;
  reason?: string;
  /** The company writes in the advertisement's conversation with the agency. */
  chat?: string;
  /**
   * The company proposes an interview two working days ahead (10:00), the consultant takes it two
   * hours later; later steps of the introduction come at the earliest a day after it was held.
   */
  interview?: true;
}

export interface HistoryIntroduction {
  consultant: number;
  company: number;
  job: string;
  daysAgo: number;
  firstName: string;
  lastName: string;
  profile: AnonymousProfile;
  /** Hours after the introduction when the candidate agreed. */
  consent: number;
  steps: HistoryStep[];
}

/** Agencies whose track record the demo shows on their public profile. */
export const DEMO_PUBLIC_TRACK_RECORDS: readonly number[] = [0, 1];

const profile = demoProfile;

const reviewing = (afterHours: number): HistoryStep => ({ afterHours, status: 'in_pruefung' });
const interview = (afterHours: number): HistoryStep => ({ afterHours, interview: true });
const rejected = (afterHours: number, category: RejectionReason, reason?: string): HistoryStep => ({
  afterHours,
  status: 'abgesagt',
  category,
  reason,
});

/** In the order of their introduction (oldest first); every advertisement named is among its company's oldest. */
export const DEMO_HISTORY: readonly HistoryIntroduction[] = [
  // --- Alpenblick Hotels GmbH: answers within hours ---
  {
    consultant: 0,
    company: 0,
    job: 'Rezeptionist/in',
    daysAgo: 56,
    firstName: 'Verena',
    lastName: 'Lechner',
    profile: profile('Rezeptionistin', 3, 'Tirol', ['Protel', 'Gästebetreuung']),
    consent: 2,
    steps: [
      reviewing(3),
      interview(50),
      rejected(140, 'qualifikation', 'Wir haben uns für eine Kandidatin mit Italienisch entschieden.'),
    ],
  },
  {
    consultant: 1,
    company: 0,
    job: 'Rezeptionist/in',
    daysAgo: 54,
    firstName: 'Daniel',
    lastName: 'Hutter',
    profile: profile('Night Auditor', 4, 'Salzburg', ['Night Audit', 'Opera PMS']),
    consent: 1,
    steps: [
      reviewing(2),
      rejected(30, 'qualifikation', 'Für die Stelle suchen wir Erfahrung im Tagdienst an der Rezeption.'),
    ],
  },
  {
    consultant: 2,
    company: 0,
    job: 'Küchenchef',
    daysAgo: 50,
    firstName: 'Florian',
    lastName: 'Auer',
    profile: profile('Sous-Chef', 8, 'Tirol', ['Haubenküche', 'Kalkulation']),
    consent: 3,
    steps: [reviewing(4), interview(48), rejected(160, 'stelle_besetzt', 'Die Stelle wurde intern besetzt.')],
  },
  {
    consultant: 0,
    company: 0,
    job: 'Koch/Köchin',
    daysAgo: 40,
    firstName: 'Sandra',
    lastName: 'Huemer',
    profile: profile('Köchin', 5, 'Tirol', ['À-la-carte', 'Allergenkennzeichnung']),
    consent: 2,
    steps: [reviewing(1), interview(26), rejected(120, 'gehalt', 'Die Gehaltsvorstellung liegt über unserem Rahmen.')],
  },
  {
    consultant: 1,
    company: 0,
    job: 'Koch/Köchin',
    daysAgo: 38,
    firstName: 'Jürgen',
    lastName: 'Mayrhofer',
    profile: profile('Jungkoch', 2, 'Kärnten', ['Frühstück', 'Bankett']),
    consent: 4,
    steps: [reviewing(5), rejected(28, 'kulturelle_passung')],
  },
  // --- Donau Logistik AG: about two days ---
  {
    consultant: 3,
    company: 1,
    job: 'Disponent/in Nahverkehr',
    daysAgo: 55,
    firstName: 'Gerald',
    lastName: 'Wagner',
    profile: profile('Disponent', 6, 'Oberösterreich', ['Tourenplanung', 'Transics']),
    consent: 2,
    steps: [reviewing(30), rejected(120, 'qualifikation', 'Wir brauchen Erfahrung im Fernverkehr.')],
  },
  {
    consultant: 1,
    company: 1,
    job: 'Lagerleiter/in',
    daysAgo: 48,
    firstName: 'Claudia',
    lastName: 'Eder',
    profile: profile('Lagerleiterin', 9, 'Niederösterreich', ['SAP EWM', 'Teamführung']),
    consent: 1,
    // Moved to 'Interview' by hand (the interview arranged by phone): nothing overdue on a fresh start.
    steps: [reviewing(40), { afterHours: 100, status: 'interview' }],
  },
  {
    consultant: 1,
    company: 1,
    job: 'Disponent/in Nahverkehr',
    daysAgo: 45,
    firstName: 'Patrick',
    lastName: 'Leitner',
    profile: profile('Disponent', 3, 'Oberösterreich', ['Disposition', 'Zeitmanagement']),
    consent: 3,
    steps: [reviewing(28), rejected(90, 'sonstiges')],
  },
  {
    consultant: 3,
    company: 1,
    job: 'Lagerleiter/in',
    daysAgo: 42,
    firstName: 'Birgit',
    lastName: 'Steindl',
    profile: profile('Schichtleiterin Lager', 5, 'Wien', ['Kommissionierung', 'Staplerschein']),
    consent: 2,
    steps: [reviewing(52), rejected(130, 'qualifikation', 'Die Stelle verlangt Erfahrung als Lagerleitung.')],
  },
  {
    consultant: 3,
    company: 1,
    job: 'Berufskraftfahrer/in C/CE',
    daysAgo: 30,
    firstName: 'Markus',
    lastName: 'Hollerer',
    profile: profile('Berufskraftfahrer', 11, 'Oberösterreich', ['C/CE', 'ADR']),
    consent: 1,
    steps: [reviewing(44)],
  },
  // --- Grazer Softwarehaus GmbH: answers in the chat the same day ---
  {
    consultant: 1,
    company: 2,
    job: 'Full-Stack Entwickler/in TypeScript',
    daysAgo: 52,
    firstName: 'Tobias',
    lastName: 'Kern',
    profile: profile('Frontend-Entwickler', 4, 'Steiermark', ['React', 'TypeScript']),
    consent: 2,
    steps: [
      { afterHours: 3, chat: 'Danke, das Profil klingt gut – wir melden uns nach der Teambesprechung.' },
      interview(30),
      rejected(150, 'qualifikation', 'Wir haben uns für eine Person mit mehr Backend-Erfahrung entschieden.'),
    ],
  },
  {
    consultant: 0,
    company: 2,
    job: 'DevOps Engineer',
    daysAgo: 47,
    firstName: 'Nina',
    lastName: 'Fuchs',
    profile: profile('Cloud Engineer', 5, 'Wien', ['AWS', 'Terraform']),
    consent: 1,
    steps: [
      { afterHours: 2, chat: 'Danke! Passt Ihnen ein kurzes Telefonat morgen?' },
      reviewing(6),
      interview(50),
      rejected(
        130,
        'kandidat_abgesprungen',
        'Fachlich passend, aber die Kandidatin hat ein anderes Angebot angenommen.',
      ),
    ],
  },
  {
    consultant: 1,
    company: 2,
    job: 'UX/UI Designer/in',
    daysAgo: 44,
    firstName: 'Lukas',
    lastName: 'Brandstätter',
    profile: profile('UX Designer', 3, 'Steiermark', ['Figma', 'User Research']),
    consent: 2,
    steps: [
      { afterHours: 5, chat: 'Haben Sie auch Arbeitsproben?' },
      rejected(40, 'qualifikation', 'Wir suchen mehr Erfahrung im B2B-Umfeld.'),
    ],
  },
  {
    consultant: 0,
    company: 2,
    job: 'Full-Stack Entwickler/in TypeScript',
    daysAgo: 36,
    firstName: 'Eva',
    lastName: 'Gruber',
    profile: profile('Full-Stack Entwicklerin', 7, 'Wien', ['Node.js', 'PostgreSQL']),
    consent: 3,
    steps: [
      reviewing(4),
      interview(60),
      rejected(170, 'stelle_besetzt', 'Die Stelle wurde mit einer internen Bewerbung besetzt.'),
    ],
  },
  // --- Wiener Pflegeverbund: slow, some left open ---
  {
    consultant: 2,
    company: 3,
    job: 'Diplomierte Gesundheits- und Krankenpflegeperson (DGKP)',
    daysAgo: 53,
    firstName: 'Sabrina',
    lastName: 'Winkler',
    profile: profile('DGKP', 6, 'Wien', ['Akutpflege', 'Wundmanagement']),
    consent: 2,
    steps: [reviewing(230), rejected(400, 'sonstiges')],
  },
  {
    consultant: 2,
    company: 3,
    job: 'Pflegeassistenz',
    daysAgo: 49,
    firstName: 'Harald',
    lastName: 'Schuster',
    profile: profile('Pflegeassistent', 4, 'Niederösterreich', ['Mobilisation', 'Dokumentation']),
    consent: 1,
    steps: [reviewing(260), rejected(420, 'sonstiges')],
  },
  {
    consultant: 2,
    company: 3,
    job: 'Heimhilfe',
    daysAgo: 41,
    firstName: 'Monika',
    lastName: 'Bauer',
    profile: profile('Heimhelferin', 10, 'Wien', ['Alltagsbegleitung', 'Haushaltsführung']),
    consent: 2,
    steps: [],
  },
  {
    consultant: 2,
    company: 3,
    job: 'Pflegeassistenz',
    daysAgo: 35,
    firstName: 'Ilse',
    lastName: 'Kainz',
    profile: profile('Pflegeassistentin', 2, 'Burgenland', ['Langzeitpflege']),
    consent: 3,
    steps: [reviewing(210), rejected(300, 'qualifikation', 'Wir suchen Erfahrung im Nachtdienst.')],
  },
  {
    consultant: 2,
    company: 3,
    job: 'Heimhilfe',
    daysAgo: 24,
    firstName: 'Rainer',
    lastName: 'Pöll',
    profile: profile('Heimhelfer', 3, 'Wien', ['Alltagsbegleitung']),
    consent: 1,
    steps: [],
  },
];
