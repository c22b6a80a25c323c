import { z } from './zod';
import { UID_MAX_LENGTH } from './constants';
import { isSafeText, INPUT_MSG } from './input';
import { MSG } from './messages';

/**
 * UID (Umsatzsteuer-Identifikationsnummer): the syntax of the EU member states' VAT numbers,
 * used by the company's placement report and the invoice's reverse-charge decision.
 */

export const UID_MSG = {
  /** Empty, as every empty field of the report form (spec §5). */
  uidRequired: MSG.fillAllFields,
  uidInvalid:
    'Bitte geben Sie eine gültige UID-Nummer eines EU-Mitgliedstaats an (z. B. ATU12345678 oder DE123456789).',
  countryInvalid: 'Bitte wählen Sie das Land der Rechnungsadresse (ein EU-Mitgliedstaat).',
} as const;

/** The VAT number formats of the EU member states (syntax only; VIES is outside our system). */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Spaces, dots and hyphens removed, upper case: "atu 1234-5678" → "ATU12345678". */
export function normaliseUid(uid: string): string {
  return uid.replace(/[\s.\-\u00a0]/g, '').toUpperCase();
}

/** Whether a (normalised) UID has the syntax of an EU member state's VAT number. */
export function isValidUid(uid: string): boolean {
  const normalised = normaliseUid(uid);
  const format = EU_VAT_FORMATS[normalised.slice(0, 2)];
  return format !== undefined && format.test(normalised);
}

/** The EU member states an invoice address may be in, with their German names (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = {
  AT: 'Österreich',
  BE: 'Belgien',
  BG: 'Bulgarien',
  CY: 'Zypern',
  CZ: 'Tschechien',
  DE: 'Deutschland',
  DK: 'Dänemark',
  EE: 'Estland',
  ES: 'Spanien',
  FI: 'Finnland',
  FR: 'Frankreich',
  GR: 'Griechenland',
  HR: 'Kroatien',
  HU: 'Ungarn',
  IE: 'Irland',
  IT: 'Italien',
  LT: 'Litauen',
  LU: 'Luxemburg',
  LV: 'Lettland',
  MT: 'Malta',
  NL: 'Niederlande',
  PL: 'Polen',
  PT: 'Portugal',
  RO: 'Rumänien',
  SE: 'Schweden',
  SI: 'Slowenien',
  SK: 'Slowakei',
} as const;
export type CountryCode = keyof typeof EU_COUNTRIES;
const COUNTRY_CODES = Object.keys(EU_COUNTRIES) as [CountryCode, ...CountryCode[]];

export function isCountryCode(value: string | null | undefined): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(EU_COUNTRIES, value);
}

/** The state a (valid) UID belongs to: its prefix, Greece's 'EL' being GR; null when not a valid UID. */
export function uidCountry(uid: string): CountryCode | null {
  const normalised = normaliseUid(uid);
  if (!isValidUid(normalised)) return null;
  const prefix = normalised.slice(0, 2);
  return prefix === 'EL' ? 'GR' : (prefix as CountryCode);
}

/**
 * Reverse charge (§ 3a UStG, Art. 196 MwStSyst-RL): only for a customer established in another
 * EU state — a valid UID of that state AND an invoice address there. An Austrian address never
 * qualifies, whatever UID comes with it.
 */
export function isReverseCharge(uid: string, country: CountryCode): boolean {
  const state = uidCountry(uid);
  return state !== null && state !== 'AT' && country === state;
}

/** The country of an invoice address: one of the EU states, Austria when not given. */
export const countrySchema = z.enum(COUNTRY_CODES, { error: UID_MSG.countryInvalid }).default('AT');

/**
 * A foreign UID must belong to the state of the address (an Austrian UID may come with any
 * address: the customer is registered in Austria). Null when they fit, else the German refusal.
 */
export function uidCountryMismatch(uid: string, country: CountryCode): string | null {
  const state = uidCountry(uid);
  if (state === null || state === 'AT' || state === country) return null;
  return `Die UID-Nummer ist aus ${EU_COUNTRIES[state]}, die Rechnungsadresse aber in ${EU_COUNTRIES[country]}. Bitte prüfen Sie Land und UID-Nummer.`;
}

/** A UID input: required, EU syntax, normalised. */
export const uidSchema = z
  .string({ error: UID_MSG.uidRequired })
  .refine(isSafeText, { message: INPUT_MSG.invalidCharacters, abort: true })
  .max(UID_MAX_LENGTH, UID_MSG.uidInvalid)
  .transform((v) => normaliseUid(v))
  .pipe(
    z
      .string()
      .min(1, UID_MSG.uidRequired)
      .refine((v) => isValidUid(v), UID_MSG.uidInvalid),
  );
