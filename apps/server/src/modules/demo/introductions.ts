import type { AnonymousProfile, IntroductionStatus, RejectionReason } from '@pb/core';

/**
 * The demo marketplace's introductions (development only): every stage, 'nachrangig', 'Bereits
 * bekannt', each with the anonymised profile the company saw first and when the candidate agreed
 * (issue 35) — one still waits for the candidate's answer.
 */

/** An anonymised profile of the demo (the history's too, history.ts). */
export function demoProfile(
  position: string,
  experienceYears: number,
  region: AnonymousProfile['region'],
  skills: string[],
  more: Partial<AnonymousProfile> = {},
): AnonymousProfile {
  return {
    position,
    experienceYears,
    region,
    skills,
    salaryExpectationCents: null,
    noticePeriod: null,
    availableFrom: null,
    languages: [],
    ...more,
  };
}

export interface DemoIntroduction {
  consultant: number;
  company: number;
  job: string;
  daysAgo: number;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  pitch: string;
  cv: boolean;
  /** What the company sees until the candidate agrees (issue 35). */
  profile: AnonymousProfile;
  /** Hours after the introduction when the candidate confirmed; 'pending': still waiting. */
  consent: number | 'pending';
  /** Stage changes by the company: status, days ago, reason (catalogue and text) for 'abgesagt'. */
  moves?: Array<{ status: IntroductionStatus; daysAgo: number; category?: RejectionReason; reason?: string }>;
  alreadyKnown?: { hoursAgo: number; note: string };
}

export const DEMO_INTRODUCTIONS: readonly DemoIntroduction[] = [
  {
    consultant: 0,
    company: 0,
    job: 'Rezeptionist/in',
    daysAgo: 18,
    firstName: 'Julia',
    lastName: 'Berger',
    email: 'julia.berger@example.at',
    phone: '+43 664 1234567',
    pitch: 'Fünf Jahre Rezeption im 4-Sterne-Haus in Kitzbühel, Englisch und Italienisch fließend, Opera-PMS.',
    cv: true,
    profile: demoProfile('Rezeptionistin', 5, 'Tirol', ['Opera PMS', 'Gästebetreuung', 'Reservierung'], {
      languages: ['Deutsch', 'Englisch', 'Italienisch'],
      noticePeriod: '1_monat',
    }),
    consent: 4,
    moves: [
      { status: 'in_pruefung', daysAgo: 17 },
      { status: 'interview', daysAgo: 12 },
      { status: 'angebot', daysAgo: 4 },
    ],
  },
  {
    consultant: 0,
    company: 0,
    job: 'Front Office Manager',
    daysAgo: 1,
    firstName: 'Katharina',
    lastName: 'Moser',
    email: 'katharina.moser@example.at',
    pitch: 'Derzeit stellvertretende Front Office Managerin, führt ein Team von acht Personen.',
    cv: true,
    profile: demoProfile(
      'Stv. Front Office Managerin',
      9,
      'Salzburg',
      ['Teamführung', 'Revenue Management', 'Protel'],
      {
        salaryExpectationCents: 5_200_000,
        noticePeriod: '2_monate',
        languages: ['Deutsch', 'Englisch', 'Französisch'],
      },
    ),
    consent: 'pending',
  },
  {
    // The same candidate as above, by another agency: recorded 'nachrangig'.
    consultant: 2,
    company: 0,
    job: 'Hausdame',
    daysAgo: 6,
    firstName: 'Julia',
    lastName: 'Berger',
    email: 'Julia.Berger@example.at',
    pitch: 'Erfahrung im Housekeeping, sucht eine Stelle mit Teamverantwortung.',
    cv: false,
    profile: demoProfile('Hausdame', 5, 'Tirol', ['Housekeeping', 'Dienstplanung'], {
      languages: ['Deutsch', 'Englisch'],
    }),
    consent: 3,
    moves: [{ status: 'in_pruefung', daysAgo: 5 }],
  },
  {
    consultant: 1,
    company: 2,
    job: 'DevOps Engineer',
    daysAgo: 14,
    firstName: 'Stefan',
    lastName: 'Wimmer',
    email: 'stefan.wimmer@example.at',
    phone: '0676 9876543',
    pitch: 'Kubernetes, Terraform und GitLab CI; zuletzt Plattform-Team eines Grazer Fintechs.',
    cv: true,
    profile: demoProfile('DevOps Engineer', 7, 'Steiermark', ['Kubernetes', 'Terraform', 'GitLab CI'], {
      salaryExpectationCents: 8_500_000,
      noticePeriod: '3_monate',
    }),
    consent: 2,
    moves: [
      { status: 'in_pruefung', daysAgo: 13 },
      {
        status: 'abgesagt',
        daysAgo: 9,
        category: 'gehalt',
        reason: 'Die Gehaltsvorstellung liegt deutlich über unserem Rahmen; fachlich hat uns das Profil überzeugt.',
      },
    ],
  },
  {
    consultant: 1,
    company: 2,
    job: 'Full-Stack Entwickler/in TypeScript',
    daysAgo: 8,
    firstName: 'Lisa',
    lastName: 'Hofer',
    email: 'lisa.hofer@example.at',
    pitch: 'React und Node.js seit sechs Jahren, Open-Source-Beiträge, kann im März beginnen.',
    cv: true,
    profile: demoProfile('Full-Stack Entwicklerin', 6, 'Wien', ['React', 'Node.js', 'TypeScript'], {
      availableFrom: '2027-03-01',
      languages: ['Deutsch', 'Englisch'],
    }),
    consent: 5,
    moves: [
      { status: 'in_pruefung', daysAgo: 7 },
      { status: 'interview', daysAgo: 3 },
    ],
  },
  {
    consultant: 3,
    company: 1,
    job: 'Disponent/in Nahverkehr',
    daysAgo: 1,
    firstName: 'Thomas',
    lastName: 'Reiter',
    email: 'thomas.reiter@example.at',
    phone: '+43 699 11223344',
    pitch: 'Zehn Jahre Disposition im Nahverkehr, kennt Transics und den Großraum Linz.',
    cv: false,
    profile: demoProfile('Disponent Nahverkehr', 10, 'Oberösterreich', ['Disposition', 'Transics', 'Tourenplanung']),
    consent: 1,
    alreadyKnown: { hoursAgo: 2, note: 'Herr Reiter hat sich im Oktober selbst bei uns beworben; Gespräch am 14.10.' },
  },
  {
    consultant: 2,
    company: 3,
    job: 'Pflegeassistenz',
    daysAgo: 30,
    firstName: 'Martina',
    lastName: 'Koller',
    email: 'martina.koller@example.at',
    pitch: 'Pflegeassistentin mit Erfahrung in der Langzeitpflege, Nachtdienste möglich.',
    cv: true,
    profile: demoProfile('Pflegeassistentin', 8, 'Steiermark', ['Langzeitpflege', 'Nachtdienst', 'Dokumentation']),
    consent: 6,
    moves: [
      { status: 'interview', daysAgo: 24 },
      { status: 'angebot', daysAgo: 20 },
      { status: 'eingestellt', daysAgo: 15 },
    ],
  },
  {
    // Hired long enough ago that the guarantee is over: the agency's share is paid out (issue 34).
    consultant: 0,
    company: 0,
    job: 'Küchenchef',
    daysAgo: 100,
    firstName: 'Andreas',
    lastName: 'Brunner',
    email: 'andreas.brunner@example.at',
    pitch: 'Küchenchef mit zwei Hauben, führte zuletzt eine Brigade von zwölf Köchinnen und Köchen.',
    cv: true,
    profile: demoProfile('Küchenchef', 15, 'Tirol', ['Haubenküche', 'Brigadeführung', 'Kalkulation']),
    consent: 3,
    moves: [
      { status: 'interview', daysAgo: 95 },
      { status: 'angebot', daysAgo: 90 },
      { status: 'eingestellt', daysAgo: 85 },
    ],
  },
];
