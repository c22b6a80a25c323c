import { createRequire } from 'node:module';

/**
 * Free-mail providers: domains that say nothing about the company behind an address (issue 28
 * (4), former-companies.ts). The list is the maintained `email-providers` package (ISC, ~8,800
 * domains, refreshed monthly, no dependencies or install scripts) plus the Austrian and German
 * providers it lacks. A provider wrongly taken for a company would link strangers; a company
 * taken for a provider only loses the domain as evidence (its UIDs still link it).
 */

/** Austrian and German providers (ISPs' mail included) missing from the package. */
const REGIONAL = [
  'a1.net',
  'aon.at',
  'chello.at',
  'drei.at',
  'gmx.ch',
  'inode.at',
  'kabsi.at',
  'liwest.at',
  'sbg.at',
  'tele2.at',
  'utanet.at',
  'vol.at',
  'tutanota.com',
  'tutanota.de',
  'tuta.io',
  'mailbox.org',
  'freenet.de',
];

/** The package's list, read with require: the server's bundle keeps packages external, and a JSON import there would need import attributes that the bundler drops. */
function packagedProviders(): string[] {
  const list: unknown = createRequire(import.meta.url)('email-providers/all.json');
  if (!Array.isArray(list)) throw new Error('email-providers/all.json is not a list of domains');
  return list.filter((d): d is string => typeof d === 'string');
}

const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([...packagedProviders(), ...REGIONAL]);

/**
 * Brands whose mail runs under many country domains (yahoo.at, hotmail.it, posteo.net …): the
 * brand followed by a country or generic ending only, so 'yahoo-reisen.de' stays a company.
 */
const PROVIDER_BRANDS =
  /^(?:gmx|yahoo|ymail|hotmail|outlook|live|windowslive|posteo|icloud|gmail|googlemail|aol)\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** Whether a (lower-case) domain is a free-mail provider's. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain) || PROVIDER_BRANDS.test(domain);
}
