import { EU_COUNTRIES, normaliseRegisterNumber, type CountryCode, type InvoiceIssuer } from '@pb/core';

/**
 * The parts of the UBL e-invoice (e-invoice.ts): the element tree's types, text and amounts, the
 * postal addresses read from the invoice's address texts, and both parties.
 */

/** An element's content for fast-xml-parser's XMLBuilder: text, or children ('@_' attributes, '#text'). */
export type XmlNode = string | XmlElement | XmlNode[];
export interface XmlElement {
  [name: string]: XmlNode;
}

/** Text as XML 1.0 allows it: characters it cannot carry (control characters) are dropped; the builder escapes the rest. */
export function text(value: string): string {
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').trim();
}

/** Integer cents as an exact decimal with two places ('1234.50', '-7.05'): no floating point. */
export function decimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not integer cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount in euros with its currency (UBL AmountType). */
export function amount(cents: number): XmlElement {
  return { '@_currencyID': 'EUR', '#text': decimal(cents) };
}

export interface PostalAddress {
  street: string | null;
  /** Lines between the street and the postcode (c/o, building). */
  more: string[];
  postalZone: string | null;
  city: string | null;
  country: CountryCode;
}

// '1060 Wien', 'D-80802 München', '00-950 Warszawa'; the Dutch '1012 AB Amsterdam' keeps its letters.
const POSTCODE_AND_CITY = /^(\d{4} ?[A-Z]{2}(?= )|[A-Z]{0,3}-?\d[\dA-Z-]*)\s+(.+)$/;

/**
 * A postal address from the invoice's address text: lines (an invoice's block) or, for the
 * issuer's one-line address, comma-separated parts. The last line with a postcode gives postcode
 * and city, the first line before it the street; the state's name, when the block ends with it,
 * is the country code instead. A line that fits nothing stays text (a city without postcode).
 */
export function parseAddress(textBlock: string, country: CountryCode): PostalAddress {
  const separator = textBlock.includes('\n') ? '\n' : ',';
  const lines = textBlock
    .split(separator)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const last = lines.at(-1)?.toLocaleLowerCase('de-AT');
  if (last === EU_COUNTRIES[country].toLocaleLowerCase('de-AT') || last === country.toLowerCase()) lines.pop();
  const cityLine = lines.length > 0 ? lines.pop()! : null;
  const match = cityLine ? POSTCODE_AND_CITY.exec(cityLine) : null;
  return {
    street: lines.shift() ?? null,
    more: lines,
    postalZone: match ? match[1]! : null,
    city: match ? match[2]! : cityLine,
    country,
  };
}

function addressElement(address: PostalAddress): XmlElement {
  const [additional, ...rest] = address.more;
  return {
    ...(address.street ? { 'cbc:StreetName': text(address.street) } : {}),
    ...(additional ? { 'cbc:AdditionalStreetName': text(additional) } : {}),
    ...(address.city ? { 'cbc:CityName': text(address.city) } : {}),
    ...(address.postalZone ? { 'cbc:PostalZone': address.postalZone } : {}),
    ...(rest.length > 0 ? { 'cac:AddressLine': rest.map((l) => ({ 'cbc:Line': text(l) })) } : {}),
    'cac:Country': { 'cbc:IdentificationCode': address.country },
  };
}

const vatScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

/** The Firmenbuchnummer in the issuer's register text ('FN 123456a, Handelsgericht Wien' → 'FN 123456a'). */
export function registerNumberOf(register: string): string | null {
  const match = /\bFN\s*\d{1,6}\s*[a-z]\b/i.exec(register);
  return match ? normaliseRegisterNumber(match[0]) : null;
}

/**
 * The seller (BG-4): name, e-mail as electronic address, postal address in Austria, UID (BT-31,
 * unless `withVatId` is false), legal name with the Firmenbuchnummer (BT-30) and the register text
 * with its court (BT-33), contact e-mail.
 */
export function supplierParty(issuer: InvoiceIssuer, withVatId: boolean): XmlElement {
  const registerNumber = registerNumberOf(issuer.register);
  return {
    'cbc:EndpointID': { '@_schemeID': 'EM', '#text': text(issuer.email) },
    'cac:PartyName': { 'cbc:Name': text(issuer.name) },
    'cac:PostalAddress': addressElement(parseAddress(issuer.address, 'AT')),
    ...(withVatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': issuer.uid, ...vatScheme } } : {}),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': text(issuer.name),
      ...(registerNumber ? { 'cbc:CompanyID': registerNumber } : {}),
      'cbc:CompanyLegalForm': text(issuer.register),
    },
    'cac:Contact': { 'cbc:ElectronicMail': text(issuer.email) },
  };
}

/** The buyer (BG-7): name, postal address with its state, UID (BT-48; not when `withVatId` is false or there is none). */
export function customerParty(
  customer: { name: string; address: string; uid: string; country: CountryCode },
  withVatId: boolean,
): XmlElement {
  return {
    'cac:PartyName': { 'cbc:Name': text(customer.name) },
    'cac:PostalAddress': addressElement(parseAddress(customer.address, customer.country)),
    ...(withVatId && customer.uid !== ''
      ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': customer.uid, ...vatScheme } }
      : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': text(customer.name) },
  };
}
