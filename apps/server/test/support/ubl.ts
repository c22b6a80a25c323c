import { readdirSync, readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { validateXML, type XMLValidationResult } from 'xmllint-wasm';

/**
 * E-invoices in tests (issue 34): validation against the OASIS UBL 2.1 schemas kept in
 * test/fixtures/ubl-2.1 (offline; the main document's schema with the common modules it imports
 * preloaded in their relative layout), and the document read back with a real XML parser.
 */

const FIXTURES = new URL('../fixtures/ubl-2.1/', import.meta.url);

const preload = readdirSync(new URL('common/', FIXTURES)).map((name) => ({
  fileName: `common/${name}`,
  contents: readFileSync(new URL(`common/${name}`, FIXTURES), 'utf8'),
}));

export type UblRoot = 'Invoice' | 'CreditNote';

/** Validates a UBL document against the schema of its main document (Invoice or CreditNote). */
export function validateUbl(xml: string, root: UblRoot): Promise<XMLValidationResult> {
  const fileName = `maindoc/UBL-${root}-2.1.xsd`;
  return validateXML({
    xml: [{ fileName: 'e-invoice.xml', contents: xml }],
    schema: [{ fileName, contents: readFileSync(new URL(fileName, FIXTURES), 'utf8') }],
    preload,
  });
}

/** A parsed element: text, or attributes ('@_'), '#text' and children by local name (prefixes removed). */
export type UblValue = string | UblElement | UblValue[];
export interface UblElement {
  [name: string]: UblValue;
}

const REPEATED = new Set(['InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'PartyTaxScheme']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Everything stays text: '2640.00' and '0001' read back as written.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
});

/** The document element's content (Invoice or CreditNote) and its name. */
export function parseUbl(xml: string): { root: string; doc: UblElement } {
  const parsed = parser.parse(xml) as Record<string, UblElement>;
  const root = Object.keys(parsed).find((key) => key !== '?xml')!;
  return { root, doc: parsed[root]! };
}

/** The value at a path of child names and list indexes, or undefined. */
export function at(node: UblValue | undefined, ...path: Array<string | number>): UblValue | undefined {
  let current = node;
  for (const step of path) {
    if (current === undefined || typeof current === 'string') return undefined;
    current = Array.isArray(current)
      ? typeof step === 'number'
        ? current[step]
        : undefined
      : typeof step === 'string'
        ? current[step]
        : undefined;
  }
  return current;
}

/** The text at a path (an element's text content, or an attribute's value), or undefined. */
export function textAt(node: UblValue | undefined, ...path: Array<string | number>): string | undefined {
  const value = at(node, ...path);
  if (typeof value === 'string') return value;
  if (value && !Array.isArray(value) && typeof value['#text'] === 'string') return value['#text'];
  return undefined;
}

/** An amount at a path back to integer cents, refusing anything but two decimals in euros: '2640.00' → 264000. */
export function centsAt(node: UblValue | undefined, ...path: Array<string | number>): number {
  const value = textAt(node, ...path);
  const currency = textAt(node, ...path, '@_currencyID');
  if (value === undefined || !/^-?\d+\.\d{2}$/.test(value) || currency !== 'EUR') {
    throw new Error(`${path.join('/')}: not an amount in EUR with two decimals: ${value} ${currency}`);
  }
  return Number(value.replace('.', ''));
}
