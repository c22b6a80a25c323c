import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PAYMENT_MSG, type BankMessageKind } from '@pb/core';
import { badRequest } from '../../lib/errors';

/**
 * Reading a bank statement (camt.053, BkToCstmrStmt) or a debit/credit notification (camt.054,
 * BkToCstmrDbtCdtNtfctn), versions 001.02 to 001.13, with an XML parser — never patterns over
 * the XML. Everything that is wrong is a German 400 naming the place; nothing is booked then.
 * Only what an incoming payment needs is read; the bank's other data stays in its file.
 */

export interface CamtEntry {
  /** The entry's identity at the bank: AcctSvcrRef, else NtryRef, else its place in the statement. */
  key: string;
  amountCents: number;
  currency: string;
  credit: boolean;
  /** Sts BOOK (pending and informational entries are not money yet). */
  booked: boolean;
  reversal: boolean;
  bookedOn: string;
  valueOn: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  /** The structured creditor reference (Strd/CdtrRefInf/Ref), if any. */
  reference: string | null;
  /** The unstructured remittance lines (Ustrd), joined. */
  remittance: string | null;
  endToEndId: string | null;
}

export interface CamtStatement {
  id: string;
  accountIban: string;
  entries: CamtEntry[];
}

export interface CamtMessage {
  kind: BankMessageKind;
  /** camt.053.001.08 … */
  version: string;
  messageId: string;
  statements: CamtStatement[];
}

type XmlNode = Record<string, unknown>;

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(\d{2})$/;
const ROOTS: Record<BankMessageKind, { root: string; statement: string }> = {
  'camt.053': { root: 'BkToCstmrStmt', statement: 'Stmt' },
  'camt.054': { root: 'BkToCstmrDbtCdtNtfctn', statement: 'Ntfctn' },
};
const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Namespaces stay on for the root's xmlns (the message and its version); prefixes are dropped below.
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(localName(name)),
});

function localName(name: string): string {
  return name.startsWith('@') || name.startsWith('#') ? name : name.slice(name.indexOf(':') + 1);
}

/** The tree with element names without their namespace prefix (ns2:Ntry → Ntry). */
function withoutPrefixes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPrefixes);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [localName(key), withoutPrefixes(value)]));
}

/** The namespace of the root element: its default xmlns or that of its prefix. */
function rootNamespace(parsed: unknown): { root: string | undefined; namespace: string } {
  if (!isNode(parsed)) return { root: undefined, namespace: '' };
  const root = Object.keys(parsed).find((k) => !k.startsWith('?'));
  const element = root === undefined ? undefined : parsed[root];
  if (root === undefined || !isNode(element)) return { root, namespace: '' };
  const prefix = root.includes(':') ? root.slice(0, root.indexOf(':')) : null;
  const namespace = element[prefix ? `@xmlns:${prefix}` : '@xmlns'];
  return { root, namespace: typeof namespace === 'string' ? namespace : '' };
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node at a path of child names (the first of repeated ones), or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isNode(current)) return undefined;
    current = current[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** The text of an element (also of one with attributes), or null. */
function text(node: unknown, ...path: string[]): string | null {
  const value = at(node, ...path);
  if (typeof value === 'string') return value.trim() || null;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim() || null;
  return null;
}

function list(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[name];
  return Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [];
}

/** '1234.56' → 123456; more than two decimals (allowed by the schema) is refused for EUR. */
function cents(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A date (Dt) or the day of a date-time (DtTm) as given by the bank. */
function day(node: unknown): string | null {
  const value = text(node, 'Dt') ?? text(node, 'DtTm')?.slice(0, 10) ?? null;
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

function fail(where: string, problem: string): never {
  throw badRequest(PAYMENT_MSG.statementInvalid(where, problem));
}

/** The party of a transaction: Dbtr/Nm (001.02) or Dbtr/Pty/Nm (001.08 on). */
function debtorName(details: XmlNode | undefined): string | null {
  return text(details, 'RltdPties', 'Dbtr', 'Nm') ?? text(details, 'RltdPties', 'Dbtr', 'Pty', 'Nm');
}

/** The transaction's own amount: AmtDtls/TxAmt (001.02) or Amt (001.08 on). */
function detailCents(details: XmlNode): number | null {
  return cents(
    text(details, 'Amt') ?? text(details, 'AmtDtls', 'TxAmt', 'Amt') ?? text(details, 'AmtDtls', 'InstdAmt', 'Amt'),
  );
}

function remittanceOf(details: XmlNode[]): { reference: string | null; remittance: string | null } {
  const references: string[] = [];
  const lines: string[] = [];
  for (const detail of details) {
    const info = at(detail, 'RmtInf');
    for (const structured of list(info, 'Strd')) {
      const reference = text(structured, 'CdtrRefInf', 'Ref');
      if (reference) references.push(reference);
    }
    for (const line of isNode(info) && Array.isArray(info['Ustrd']) ? info['Ustrd'] : []) {
      if (typeof line === 'string' && line.trim()) lines.push(line.trim());
    }
  }
  return { reference: references.join(' ') || null, remittance: lines.join(' ') || null };
}

function readEntry(entry: XmlNode, where: string, position: number, statementId: string): CamtEntry[] {
  const amountText = text(entry, 'Amt');
  const amountCents = cents(amountText);
  if (amountCents === null) fail(where, `Der Betrag (Amt) fehlt oder ist ungültig („${amountText ?? ''}“).`);
  const currency = isNode(at(entry, 'Amt')) ? String((at(entry, 'Amt') as XmlNode)['@Ccy'] ?? '') : '';
  if (!/^[A-Z]{3}$/.test(currency)) fail(where, 'Die Währung (Amt/@Ccy) fehlt.');
  const direction = text(entry, 'CdtDbtInd');
  if (direction !== 'CRDT' && direction !== 'DBIT') fail(where, 'Die Angabe Eingang oder Ausgang (CdtDbtInd) fehlt.');
  const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
  if (!status) fail(where, 'Der Buchungsstatus (Sts) fehlt.');
  const bookedOn = day(at(entry, 'BookgDt')) ?? day(at(entry, 'ValDt'));
  if (!bookedOn) fail(where, 'Das Buchungsdatum (BookgDt) fehlt oder ist ungültig.');
  // Only the bank's own reference is the same in a camt.054 and the later camt.053; NtryRef is often
  // a running number per statement, so it and the position count only within their statement.
  const bankReference = text(entry, 'AcctSvcrRef');
  const key = bankReference ?? `${statementId}/${text(entry, 'NtryRef') ?? `#${position}`}`;
  const details = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));
  const base = {
    currency,
    credit: direction === 'CRDT',
    booked: status === 'BOOK',
    reversal: text(entry, 'RvslInd') === 'true',
    bookedOn,
    valueOn: day(at(entry, 'ValDt')),
  };
  const one = (detail: XmlNode | undefined, partKey: string, partCents: number, all: XmlNode[]): CamtEntry => ({
    ...base,
    key: partKey,
    amountCents: partCents,
    debtorName: debtorName(detail),
    debtorIban: text(detail, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN')?.replace(/\s/g, '').toUpperCase() ?? null,
    ...remittanceOf(all),
    endToEndId: text(detail, 'Refs', 'EndToEndId'),
  });
  // A batch booking: one entry, several transfers, each with its own amount and text.
  const parts = details.map(detailCents);
  if (details.length > 1 && parts.every((c): c is number => c !== null && c > 0)) {
    if (parts.reduce((sum, c) => sum + c, 0) !== amountCents) {
      fail(where, 'Die Beträge der Einzelbuchungen (TxDtls) ergeben nicht den Betrag des Eintrags.');
    }
    return details.map((detail, i) => one(detail, `${key}#${i + 1}`, parts[i]!, [detail]));
  }
  return [one(details[0], key, amountCents, details)];
}

/**
 * Parses a camt.053 or camt.054 file. Throws a German 400 for what is not one: not XML, not
 * well-formed (with line and column), another message, a missing account, id or amount.
 */
export function parseCamt(buffer: Buffer): CamtMessage {
  const xml = buffer.toString('utf8').replace(/^\uFEFF/, '');
  if (!xml.trimStart().startsWith('<')) throw badRequest(PAYMENT_MSG.statementNotXml);
  // Bank files never declare a DOCTYPE; refusing it keeps entity expansion out altogether.
  if (/<!DOCTYPE/i.test(xml)) throw badRequest(PAYMENT_MSG.statementDoctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw badRequest(
      PAYMENT_MSG.statementMalformed(`Zeile ${valid.err.line}, Spalte ${valid.err.col}: ${valid.err.msg}`),
    );
  }
  let raw: unknown;
  try {
    raw = parser.parse(xml);
  } catch (error) {
    // The validator lets a few broken forms through (an unclosed processing instruction) that the parser refuses.
    throw badRequest(PAYMENT_MSG.statementMalformed(error instanceof Error ? error.message : String(error)));
  }
  const { root, namespace } = rootNamespace(raw);
  const match = root !== undefined && localName(root) === 'Document' ? NAMESPACE.exec(namespace) : null;
  if (!match) throw badRequest(PAYMENT_MSG.statementForeign(namespace || root || 'leeres Dokument'));
  let document: unknown;
  try {
    document = at(withoutPrefixes(raw), 'Document');
  } catch {
    // Nesting deeper than the stack: no bank writes that.
    throw badRequest(PAYMENT_MSG.statementMalformed('zu tief verschachtelt'));
  }
  const kind = match[1] as BankMessageKind;
  const shape = ROOTS[kind];
  const body = at(document, shape.root);
  if (!isNode(body)) throw badRequest(PAYMENT_MSG.statementForeign(`${namespace} ohne ${shape.root}`));
  const messageId = text(body, 'GrpHdr', 'MsgId');
  if (!messageId) fail('Kopf der Datei (GrpHdr)', 'Die Nachrichten-ID (MsgId) fehlt.');
  const statementNodes = list(body, shape.statement);
  if (statementNodes.length === 0) throw badRequest(PAYMENT_MSG.statementEmpty);
  const statements = statementNodes.map((node, s) => {
    const id = text(node, 'Id');
    if (!id) fail(`Auszug ${s + 1}`, 'Die Auszugs-ID (Id) fehlt.');
    const accountIban = text(node, 'Acct', 'Id', 'IBAN')?.replace(/\s/g, '').toUpperCase();
    if (!accountIban) fail(`Auszug „${id}“`, 'Das Konto (Acct/Id/IBAN) fehlt.');
    const entries = list(node, 'Ntry').flatMap((entry, e) =>
      readEntry(entry, `Auszug „${id}“, Eintrag ${e + 1}`, e + 1, id),
    );
    return { id, accountIban, entries };
  });
  return { kind, version: `${kind}.001.${match[2]}`, messageId, statements };
}
