import { inArray, like } from 'drizzle-orm';
import type { Db } from '../client';
import { districts, jobs, placementBonuses, users } from '../schema';
import { hashPassword } from '../../lib/passwords';

/**
 * Demo data for a new installation (development): four companies, four
 * consultants (two public) and about 30 Austrian advertisements with bonus
 * histories. All demo accounts are confirmed and share the password below.
 */

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_DOMAIN = 'demo.praemienboerse.at';

interface DemoCompany {
  username: string;
  description: string;
  jobs: DemoJob[];
}

interface DemoJob {
  title: string;
  time?: 'Vollzeit' | 'Teilzeit';
  district: string;
  street: string;
  postcode: string;
  city: string;
  salary: string;
  assignment: string[];
  requirements: string[];
  benefits: string[];
  info: string[];
  bonuses: number[];
}

const HOTEL_BENEFITS = [
  'Kostenlose Mitarbeiterunterkunft',
  'Verpflegung im Haus',
  'Ermäßigte Skipässe und Wellnessbereich',
  'Jahresstelle mit Fixanstellung',
];
const LOGISTIK_BENEFITS = [
  'Firmenpension ab dem 2. Jahr',
  'Kantine mit Essenszuschuss',
  'Gute Anbindung an öffentliche Verkehrsmittel',
  'Interne Weiterbildungsakademie',
];
const SOFTWARE_BENEFITS = [
  'Bis zu 3 Tage Homeoffice pro Woche',
  'Weiterbildungsbudget von € 2.000 pro Jahr',
  'Klimaticket Steiermark',
  'Gleitzeit ohne Kernzeit',
];
const PFLEGE_BENEFITS = [
  'Dienstplan 4 Wochen im Voraus',
  'Supervision und Teamcoaching',
  'Wiener Linien Jahreskarte',
  'Zulagen für Wochenend- und Nachtdienste',
];

const COMPANIES: DemoCompany[] = [
  {
    username: 'Alpenblick Hotels GmbH',
    description:
      'Familiengeführte Hotelgruppe mit vier Häusern in Tirol – vom Stadthotel in Innsbruck bis zum Wellnessresort in Kitzbühel. Rund 320 Mitarbeiterinnen und Mitarbeiter.',
    jobs: [
      {
        title: 'Rezeptionist/in',
        district: 'Innsbruck',
        street: 'Maria-Theresien-Straße 18',
        postcode: '6020',
        city: 'Innsbruck',
        salary: '30.500 – 34.000',
        assignment: [
          'Check-in und Check-out unserer Gäste',
          'Reservierungen per Telefon und E-Mail',
          'Abrechnung und Kassaführung',
        ],
        requirements: [
          'Abgeschlossene Ausbildung im Tourismus',
          'Sehr gute Deutsch- und Englischkenntnisse',
          'Erfahrung mit Protel oder Opera von Vorteil',
        ],
        benefits: HOTEL_BENEFITS.slice(0, 3),
        info: ['Eintritt ab sofort', 'KV Hotel- und Gastgewerbe, Überzahlung je nach Erfahrung'],
        bonuses: [12, 15],
      },
      {
        title: 'Küchenchef',
        district: 'Kitzbühel',
        street: 'Hahnenkammstraße 4',
        postcode: '6370',
        city: 'Kitzbühel',
        salary: '52.000 – 60.000',
        assignment: [
          'Leitung einer Brigade von 12 Köchinnen und Köchen',
          'Menüplanung und Wareneinsatz',
          'Einhaltung der HACCP-Richtlinien',
        ],
        requirements: [
          'Mehrjährige Erfahrung als Küchenchef oder Sous-Chef',
          'Haubenküche von Vorteil',
          'Führungsstärke und Kostenbewusstsein',
        ],
        benefits: HOTEL_BENEFITS,
        info: ['Jahresstelle', 'Start zur Wintersaison'],
        bonuses: [15, 18, 20],
      },
      {
        title: 'Koch/Köchin',
        district: 'Innsbruck-Land',
        street: 'Seefelder Straße 21',
        postcode: '6100',
        city: 'Seefeld in Tirol',
        salary: '34.000',
        assignment: [
          'Zubereitung der À-la-carte-Gerichte',
          'Mitarbeit beim Frühstücksbuffet',
          'Vorbereitung von Banketten',
        ],
        requirements: ['Lehrabschluss als Koch/Köchin', 'Teamfähigkeit und Belastbarkeit'],
        benefits: HOTEL_BENEFITS.slice(0, 2),
        info: ['Saisonstelle mit Option auf Verlängerung'],
        bonuses: [10, 12],
      },
      {
        title: 'Servicekraft',
        time: 'Teilzeit',
        district: 'Innsbruck',
        street: 'Herzog-Friedrich-Straße 6',
        postcode: '6020',
        city: 'Innsbruck',
        salary: '24.000',
        assignment: ['Betreuung der Gäste im Restaurant', 'Getränkeservice und Beratung zur Weinkarte'],
        requirements: ['Erfahrung im Service', 'Freundliches Auftreten'],
        benefits: ['Trinkgeld zusätzlich', 'Verpflegung im Haus'],
        info: ['25 Wochenstunden', 'Abend- und Wochenenddienste'],
        bonuses: [8],
      },
      {
        title: 'Hausdame',
        district: 'Kitzbühel',
        street: 'Hahnenkammstraße 4',
        postcode: '6370',
        city: 'Kitzbühel',
        salary: '36.000 – 40.000',
        assignment: [
          'Führung des Housekeeping-Teams',
          'Qualitätskontrolle der Zimmer',
          'Einschulung neuer Mitarbeiterinnen',
        ],
        requirements: ['Erfahrung im gehobenen Housekeeping', 'Organisationstalent'],
        benefits: HOTEL_BENEFITS.slice(1),
        info: ['Jahresstelle', 'Fünf-Tage-Woche'],
        bonuses: [12, 14],
      },
      {
        title: 'Spa-Therapeut/in',
        district: 'Schwaz',
        street: 'Achenseestraße 11',
        postcode: '6212',
        city: 'Maurach am Achensee',
        salary: '31.000',
        assignment: ['Massagen und Körperbehandlungen', 'Beratung zu Pflegeprodukten', 'Betreuung des Saunabereichs'],
        requirements: ['Ausbildung als Heilmasseur/in oder Kosmetiker/in', 'Freude am Umgang mit Gästen'],
        benefits: HOTEL_BENEFITS.slice(0, 3),
        info: ['Eintritt ab Dezember'],
        bonuses: [10, 12, 15],
      },
      {
        title: 'Front Office Manager',
        district: 'Innsbruck',
        street: 'Maria-Theresien-Straße 18',
        postcode: '6020',
        city: 'Innsbruck',
        salary: '44.000 – 50.000',
        assignment: [
          'Leitung der Rezeption mit 8 Mitarbeitenden',
          'Yield Management gemeinsam mit dem Revenue Manager',
          'Beschwerdemanagement',
        ],
        requirements: [
          'Mehrjährige Erfahrung an der Rezeption, davon 2 Jahre in leitender Funktion',
          'Sehr gute Englisch- und Italienischkenntnisse',
        ],
        benefits: HOTEL_BENEFITS,
        info: ['Direkte Berichtslinie an die Direktion'],
        bonuses: [18, 20],
      },
    ],
  },
  {
    username: 'Donau Logistik AG',
    description:
      'Logistikdienstleister mit Sitz im Linzer Hafen: Lagerlogistik, nationale und internationale Transporte, Zollabwicklung. 650 Mitarbeitende an sechs Standorten in Oberösterreich.',
    jobs: [
      {
        title: 'Disponent/in Nahverkehr',
        district: 'Linz',
        street: 'Regensburger Straße 8',
        postcode: '4020',
        city: 'Linz',
        salary: '38.000 – 44.000',
        assignment: [
          'Tourenplanung für 40 Lkw im Nahverkehr',
          'Kommunikation mit Fahrern und Kunden',
          'Reklamationsbearbeitung',
        ],
        requirements: [
          'Kaufmännische Ausbildung oder Speditionskaufmann/-frau',
          'Erfahrung in der Disposition',
          'Gute Ortskenntnisse in Oberösterreich',
        ],
        benefits: LOGISTIK_BENEFITS.slice(0, 3),
        info: ['Arbeitszeit Montag bis Freitag, 6 bis 14:30 Uhr'],
        bonuses: [15, 18],
      },
      {
        title: 'Lagerleiter/in',
        district: 'Linz-Land',
        street: 'Industriezeile 45',
        postcode: '4061',
        city: 'Pasching',
        salary: '48.000 – 56.000',
        assignment: [
          'Verantwortung für 18.000 m² Lagerfläche',
          'Führung von 35 Mitarbeitenden im Schichtbetrieb',
          'Kennzahlen und Prozessoptimierung',
        ],
        requirements: [
          'Mehrjährige Führungserfahrung in der Lagerlogistik',
          'SAP EWM Kenntnisse',
          'Lean-Management-Erfahrung von Vorteil',
        ],
        benefits: LOGISTIK_BENEFITS,
        info: ['Dienstwagen auch zur Privatnutzung'],
        bonuses: [15, 18, 20],
      },
      {
        title: 'Berufskraftfahrer/in C/CE',
        district: 'Wels',
        street: 'Salzburger Straße 202',
        postcode: '4600',
        city: 'Wels',
        salary: '36.000',
        assignment: ['Zustellung im Raum Oberösterreich und Salzburg', 'Be- und Entladung mit Ladebordwand'],
        requirements: ['Führerschein C/CE mit Code 95', 'Fahrerkarte'],
        benefits: ['Tägliche Heimkehr', 'Moderne Fahrzeugflotte', 'Kantine mit Essenszuschuss'],
        info: ['Keine Wochenendfahrten'],
        bonuses: [10],
      },
      {
        title: 'Staplerfahrer/in',
        district: 'Linz',
        street: 'Regensburger Straße 8',
        postcode: '4020',
        city: 'Linz',
        salary: '31.000',
        assignment: ['Ein- und Auslagerung mit Stapler und Schubmaststapler', 'Kommissionierung nach Scanner'],
        requirements: ['Staplerschein', 'Bereitschaft zur Schichtarbeit'],
        benefits: ['Schichtzulagen', 'Firmenpension ab dem 2. Jahr'],
        info: ['Zwei-Schicht-Betrieb'],
        bonuses: [8, 10],
      },
      {
        title: 'Supply Chain Analyst',
        district: 'Linz',
        street: 'Regensburger Straße 8',
        postcode: '4020',
        city: 'Linz',
        salary: '50.000 – 58.000',
        assignment: [
          'Analyse der Warenströme und Lagerkennzahlen',
          'Aufbau von Power-BI-Berichten',
          'Begleitung von Kundenprojekten',
        ],
        requirements: [
          'Studium Logistik, Wirtschaftsinformatik oder vergleichbar',
          'Sehr gute Excel- und SQL-Kenntnisse',
          'Englisch verhandlungssicher',
        ],
        benefits: LOGISTIK_BENEFITS.slice(1),
        info: ['Homeoffice nach Einarbeitung möglich'],
        bonuses: [18, 20],
      },
      {
        title: 'Zollsachbearbeiter/in',
        district: 'Urfahr-Umgebung',
        street: 'Leonfeldner Straße 330',
        postcode: '4040',
        city: 'Linz',
        salary: '40.000',
        assignment: ['Erstellung von Zollanmeldungen für Import und Export', 'Beratung von Kunden zu Zolltarifen'],
        requirements: ['Erfahrung in der Zollabwicklung (e-zoll)', 'Genaue und selbstständige Arbeitsweise'],
        benefits: LOGISTIK_BENEFITS.slice(0, 2),
        info: ['Gleitzeit'],
        bonuses: [12, 15],
      },
      {
        title: 'Fuhrparkmanager/in',
        district: 'Wels',
        street: 'Salzburger Straße 202',
        postcode: '4600',
        city: 'Wels',
        salary: '46.000 – 52.000',
        assignment: [
          'Verantwortung für 180 Fahrzeuge',
          'Verhandlung mit Leasinggebern und Werkstätten',
          'Einführung alternativer Antriebe',
        ],
        requirements: ['Technische oder kaufmännische Ausbildung', 'Erfahrung im Flottenmanagement'],
        benefits: LOGISTIK_BENEFITS,
        info: ['Dienstwagen (E-Auto)'],
        bonuses: [15],
      },
    ],
  },
  {
    username: 'Grazer Softwarehaus GmbH',
    description:
      'Wir entwickeln seit 2009 Individualsoftware für Industrie und öffentliche Hand – 90 Entwicklerinnen und Entwickler, agile Teams, Büro am Grazer Lendplatz.',
    jobs: [
      {
        title: 'Full-Stack Entwickler/in TypeScript',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '48.000 – 56.000',
        assignment: [
          'Entwicklung von Webanwendungen mit React und Node.js',
          'Code Reviews und Pair Programming',
          'Mitarbeit an der Architektur',
        ],
        requirements: [
          'Mindestens 3 Jahre Erfahrung mit TypeScript',
          'Kenntnisse in PostgreSQL',
          'Freude an sauberem Code und Tests',
        ],
        benefits: SOFTWARE_BENEFITS,
        info: ['Eintritt nach Vereinbarung', 'Bewerbung auch auf Englisch möglich'],
        bonuses: [15, 18, 20],
      },
      {
        title: 'DevOps Engineer',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '55.000 – 65.000',
        assignment: [
          'Betrieb unserer Kubernetes-Cluster',
          'Aufbau von CI/CD-Pipelines',
          'Monitoring und Incident Management',
        ],
        requirements: ['Erfahrung mit Kubernetes und Terraform', 'Linux-Kenntnisse', 'Rufbereitschaft einmal im Monat'],
        benefits: SOFTWARE_BENEFITS.slice(0, 3),
        info: ['Remote-Anteil bis 80 % möglich'],
        bonuses: [20, 22],
      },
      {
        title: 'UX/UI Designer/in',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '42.000 – 50.000',
        assignment: [
          'Nutzerforschung und Usability-Tests',
          'Gestaltung von Prototypen in Figma',
          'Pflege unseres Design-Systems',
        ],
        requirements: ['Portfolio mit Webanwendungen', 'Erfahrung mit barrierefreiem Design (WCAG)'],
        benefits: SOFTWARE_BENEFITS.slice(1),
        info: ['32 bis 38,5 Wochenstunden möglich'],
        bonuses: [15],
      },
      {
        title: 'Product Owner',
        district: 'Graz-Umgebung',
        street: 'Parkring 2',
        postcode: '8074',
        city: 'Raaba-Grambach',
        salary: '58.000 – 68.000',
        assignment: [
          'Verantwortung für das Product Backlog',
          'Abstimmung mit Kunden aus der Industrie',
          'Planung der Releases',
        ],
        requirements: [
          'Erfahrung als Product Owner in Scrum-Teams',
          'Technisches Verständnis',
          'Zertifizierung (PSPO) von Vorteil',
        ],
        benefits: SOFTWARE_BENEFITS,
        info: ['Reisetätigkeit ca. 10 %'],
        bonuses: [18, 20, 25],
      },
      {
        title: 'QA Engineer',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '44.000',
        assignment: ['Automatisierte End-to-End-Tests mit Playwright', 'Testplanung gemeinsam mit dem Team'],
        requirements: ['Erfahrung in der Testautomatisierung', 'Grundkenntnisse in TypeScript'],
        benefits: SOFTWARE_BENEFITS.slice(0, 2),
        info: ['Eintritt ab sofort'],
        bonuses: [12, 15],
      },
      {
        title: 'IT-Support Techniker/in',
        time: 'Teilzeit',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '22.000',
        assignment: ['First- und Second-Level-Support', 'Einrichtung von Arbeitsplätzen'],
        requirements: ['HTL oder Lehre als IT-Techniker/in', 'Serviceorientierung'],
        benefits: ['Gleitzeit ohne Kernzeit', 'Klimaticket Steiermark'],
        info: ['20 Wochenstunden, Vormittag'],
        bonuses: [10],
      },
      {
        title: 'Data Engineer',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '52.000 – 62.000',
        assignment: ['Aufbau von Datenpipelines für Industriekunden', 'Datenmodellierung im Data Warehouse'],
        requirements: ['Erfahrung mit Python und SQL', 'Kenntnisse in Apache Airflow oder dbt'],
        benefits: SOFTWARE_BENEFITS,
        info: ['Deutsch oder Englisch als Arbeitssprache'],
        bonuses: [18, 20],
      },
      {
        title: 'Lehrling Applikationsentwicklung',
        district: 'Graz',
        street: 'Lendplatz 12',
        postcode: '8020',
        city: 'Graz',
        salary: '14.000',
        assignment: ['Mitarbeit in einem unserer Entwicklungsteams', 'Berufsschule in Voitsberg'],
        requirements: ['Positiver Pflichtschulabschluss', 'Interesse an Programmierung'],
        benefits: ['Lehrlingsprämien bei gutem Erfolg', 'Laptop auch zur privaten Nutzung'],
        info: ['Lehrbeginn im September'],
        bonuses: [5, 8],
      },
    ],
  },
  {
    username: 'Wiener Pflegeverbund',
    description:
      'Gemeinnütziger Träger von Pflegewohnhäusern und mobiler Pflege in Wien. Wir begleiten täglich über 2.000 Menschen – mit 900 Mitarbeitenden in 14 Teams.',
    jobs: [
      {
        title: 'Diplomierte Gesundheits- und Krankenpflegeperson (DGKP)',
        district: 'Wien 10., Favoriten',
        street: 'Favoritenstraße 150',
        postcode: '1100',
        city: 'Wien',
        salary: '48.000 – 56.000',
        assignment: [
          'Pflegeplanung und Pflegedokumentation',
          'Medikamentenmanagement',
          'Anleitung von Pflegeassistenzkräften',
        ],
        requirements: ['Diplom in der Gesundheits- und Krankenpflege', 'Eintragung ins Gesundheitsberuferegister'],
        benefits: PFLEGE_BENEFITS,
        info: ['Teilzeit ab 30 Stunden ebenfalls möglich'],
        bonuses: [18, 20],
      },
      {
        title: 'Pflegeassistenz',
        district: 'Wien 21., Floridsdorf',
        street: 'Brünner Straße 68',
        postcode: '1210',
        city: 'Wien',
        salary: '36.000',
        assignment: [
          'Unterstützung bei der Körperpflege',
          'Mobilisation der Bewohnerinnen und Bewohner',
          'Mitwirkung an der Dokumentation',
        ],
        requirements: ['Abgeschlossene Ausbildung zur Pflegeassistenz', 'Einfühlungsvermögen'],
        benefits: PFLEGE_BENEFITS.slice(0, 3),
        info: ['Eintritt ab sofort'],
        bonuses: [12, 15],
      },
      {
        title: 'Heimhilfe',
        time: 'Teilzeit',
        district: 'Wien 16., Ottakring',
        street: 'Thaliastraße 102',
        postcode: '1160',
        city: 'Wien',
        salary: '21.000',
        assignment: ['Unterstützung bei Haushalt und Alltag', 'Begleitung zu Arztterminen'],
        requirements: ['Abgeschlossene Heimhilfe-Ausbildung', 'Freude an der Arbeit mit älteren Menschen'],
        benefits: ['Wiener Linien Jahreskarte', 'Diensthandy'],
        info: ['25 Wochenstunden', 'Einsatzgebiet 16. und 17. Bezirk'],
        bonuses: [8],
      },
      {
        title: 'Stationsleitung Langzeitpflege',
        district: 'Wien 3., Landstraße',
        street: 'Landstraßer Hauptstraße 99',
        postcode: '1030',
        city: 'Wien',
        salary: '58.000 – 64.000',
        assignment: [
          'Fachliche und personelle Führung einer Station mit 32 Betten',
          'Dienstplanung',
          'Qualitätssicherung',
        ],
        requirements: ['DGKP mit Weiterbildung Basales und mittleres Pflegemanagement', 'Führungserfahrung'],
        benefits: PFLEGE_BENEFITS,
        info: ['Unbefristete Anstellung'],
        bonuses: [20, 22, 25],
      },
      {
        title: 'Physiotherapeut/in',
        time: 'Teilzeit',
        district: 'Wien 21., Floridsdorf',
        street: 'Brünner Straße 68',
        postcode: '1210',
        city: 'Wien',
        salary: '30.000',
        assignment: ['Einzel- und Gruppentherapien', 'Sturzprophylaxe'],
        requirements: ['Abgeschlossenes FH-Studium Physiotherapie', 'Erfahrung in der Geriatrie von Vorteil'],
        benefits: PFLEGE_BENEFITS.slice(1, 3),
        info: ['30 Wochenstunden'],
        bonuses: [12],
      },
      {
        title: 'Sozialarbeiter/in',
        district: 'Wien 10., Favoriten',
        street: 'Favoritenstraße 150',
        postcode: '1100',
        city: 'Wien',
        salary: '44.000',
        assignment: ['Beratung von Angehörigen', 'Organisation von Unterstützungsleistungen', 'Entlassungsmanagement'],
        requirements: ['Studium der Sozialen Arbeit', 'Kenntnis des Wiener Sozialsystems'],
        benefits: PFLEGE_BENEFITS.slice(0, 3),
        info: ['Keine Nachtdienste'],
        bonuses: [15, 15, 18],
      },
      {
        title: 'Pflegefachassistenz mobile Pflege',
        district: 'Wien 16., Ottakring',
        street: 'Thaliastraße 102',
        postcode: '1160',
        city: 'Wien',
        salary: '38.000 – 41.000',
        assignment: ['Pflege bei Klientinnen und Klienten zu Hause', 'Wundversorgung nach ärztlicher Anordnung'],
        requirements: ['Ausbildung zur Pflegefachassistenz', 'Führerschein B von Vorteil'],
        benefits: ['E-Bike oder Dienstauto', 'Wiener Linien Jahreskarte', 'Supervision und Teamcoaching'],
        info: ['Wochenenddienst jedes zweite Wochenende'],
        bonuses: [15, 18],
      },
    ],
  },
];

const CONSULTANTS = [
  {
    username: 'Sabine Huber Personalberatung',
    description: 'Personalberaterin mit 15 Jahren Erfahrung in Hotellerie und Gastronomie in Westösterreich.',
    public: true,
    services: [
      'Executive Search',
      'Hotellerie & Gastronomie',
      'Active Sourcing',
      'Interviewführung und Eignungsdiagnostik',
    ],
  },
  {
    username: 'Markus Gruber IT-Recruiting',
    description: 'Spezialisiert auf Softwareentwicklung, DevOps und Data – Netzwerk in Graz, Wien und Linz.',
    public: true,
    services: ['IT-Recruiting', 'Technische Interviews', 'Gehaltsbenchmarks'],
  },
  {
    username: 'Lena Steiner HR Consulting',
    description: 'Recruiting für Pflege- und Sozialberufe.',
    public: false,
    services: [],
  },
  {
    username: 'Personalservice Pichler',
    description: 'Logistik, Transport und Produktion in Oberösterreich.',
    public: false,
    services: [],
  },
];

export interface DemoLogin {
  role: 'company' | 'consultant';
  username: string;
  email: string;
}

export interface DemoResult {
  created: boolean;
  logins: DemoLogin[];
  jobs: number;
}

export function demoLogins(): DemoLogin[] {
  return [
    ...COMPANIES.map((c, i) => ({
      role: 'company' as const,
      username: c.username,
      email: `firma${i + 1}@${DEMO_DOMAIN}`,
    })),
    ...CONSULTANTS.map((c, i) => ({
      role: 'consultant' as const,
      username: c.username,
      email: `berater${i + 1}@${DEMO_DOMAIN}`,
    })),
  ];
}

/** True when no company or consultant exists yet (an admin from ADMIN_EMAIL does not count). */
export async function isEmptyMarketplace(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['company', 'consultant']))
    .limit(1);
  return rows.length === 0;
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`))
    .limit(1);
  return rows.length > 0;
}

/** Creates the demo data unless demo accounts already exist. One transaction. */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<DemoResult> {
  if (await hasDemoAccounts(db)) return { created: false, logins: demoLogins(), jobs: 0 };
  // One scrypt run for all accounts keeps the first start fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = 24 * 60 * 60 * 1000;
  let jobCount = 0;

  await db.transaction(async (tx) => {
    const districtRows = await tx.select({ id: districts.id, name: districts.name }).from(districts);
    const districtId = new Map(districtRows.map((d) => [d.name, d.id]));
    const logins = demoLogins();
    const created = await tx
      .insert(users)
      .values([
        ...COMPANIES.map((c, i) => ({
          username: c.username,
          email: logins[i]!.email,
          passwordHash,
          role: 'company' as const,
          description: c.description,
          confirmed: true,
        })),
        ...CONSULTANTS.map((c, i) => ({
          username: c.username,
          email: logins[COMPANIES.length + i]!.email,
          passwordHash,
          role: 'consultant' as const,
          description: c.description,
          services: c.services,
          public: c.public,
          confirmed: true,
        })),
      ])
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(created.map((u) => [u.email, u.id]));

    // Interleave the companies so "newest first" mixes them; spread over the last 60 days.
    const all = COMPANIES.flatMap((company, ci) => company.jobs.map((job, ji) => ({ job, ci, ji })));
    all.sort((x, y) => x.ji - y.ji || x.ci - y.ci);
    for (const [index, { job, ci }] of all.entries()) {
      const ageDays = 59 - Math.floor((index * 58) / Math.max(1, all.length - 1));
      const createdAt = new Date(now.getTime() - ageDays * day - (index % 7) * 3_600_000);
      const district = districtId.get(job.district);
      if (district === undefined) throw new Error(`demo data: unknown district ${job.district}`);
      const ownerId = idByEmail.get(logins[ci]!.email)!;
      const [row] = await tx
        .insert(jobs)
        .values({
          ownerId,
          jobTitle: job.title,
          workingTime: job.time ?? 'Vollzeit',
          assignment: job.assignment,
          requirements: job.requirements,
          benefits: job.benefits,
          // At least two entries per list: the place of work completes a short info list.
          jobInfo: job.info.length >= 2 ? job.info : [...job.info, `Dienstort: ${job.postcode} ${job.city}`],
          street: job.street,
          postcode: job.postcode,
          city: job.city,
          salary: job.salary,
          districtId: district,
          publishedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: jobs.id });
      // Bonus records between publication and today, oldest first.
      const span = now.getTime() - createdAt.getTime();
      await tx.insert(placementBonuses).values(
        job.bonuses.map((bonus, bi) => ({
          jobId: row!.id,
          bonus,
          createdBy: ownerId,
          createdAt: new Date(createdAt.getTime() + Math.floor((span * bi) / job.bonuses.length)),
        })),
      );
      jobCount += 1;
    }
  });
  return { created: true, logins: demoLogins(), jobs: jobCount };
}

/** The start-up log block with the demo logins. */
export function demoLoginText(result: DemoResult): string {
  const width = Math.max(...result.logins.map((l) => l.email.length));
  const lines = result.logins.map(
    (l) => `  ${l.email.padEnd(width)}  ${l.role === 'company' ? 'Unternehmen  ' : 'HR-Consultant'}  ${l.username}`,
  );
  return [
    result.created
      ? `Demo-Daten angelegt (${result.jobs} Inserate). Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`
      : `Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`,
    ...lines,
  ].join('\n');
}
