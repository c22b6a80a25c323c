import type { LightMyRequestResponse } from 'fastify';
import { create } from 'xmlbuilder2';
import type { TestContext } from '../helpers';
import { multipartBody } from './multipart';

/**
 * Bank files for the tests, written with an XML builder the way Austrian banks send them:
 * camt.053 (BkToCstmrStmt) or camt.054 (BkToCstmrDbtCdtNtfctn) in version 001.02 (Dbtr/Nm,
 * AmtDtls, Sts text) or 001.08 (Dbtr/Pty/Nm, Amt, Sts/Cd).
 */

export interface TestCredit {
  cents: number;
  /** Structured creditor reference (Strd/CdtrRefInf/Ref). */
  reference?: string;
  /** Unstructured remittance lines (Ustrd). */
  text?: string[];
  debtor?: string;
  debtorIban?: string;
  /** AcctSvcrRef of the entry; omitted when null. */
  bankReference?: string | null;
  direction?: 'CRDT' | 'DBIT';
  status?: 'BOOK' | 'PDNG';
  currency?: string;
  bookedOn?: string;
  reversal?: boolean;
  /** A batch booking: one entry with these transfers (cents must sum to `cents`). */
  parts?: Array<Omit<TestCredit, 'parts'>>;
}

export interface TestStatement {
  kind?: 'camt.053' | 'camt.054';
  version?: '02' | '08';
  messageId?: string;
  statementId?: string;
  iban: string;
  credits: TestCredit[];
  /** A namespace prefix (ns2:Document …) instead of the default namespace. */
  prefix?: string;
}

let counter = 0;

export function camtXml(statement: TestStatement): string {
  const kind = statement.kind ?? 'camt.053';
  const version = statement.version ?? '08';
  const modern = version === '08';
  const ns = `urn:iso:std:iso:20022:tech:xsd:${kind}.001.${version}`;
  const p = statement.prefix ? `${statement.prefix}:` : '';
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(ns, `${p}Document`);
  const body = root.ele(ns, `${p}${kind === 'camt.053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn'}`);
  const el = (parent: ReturnType<typeof doc.ele>, name: string, value?: string) => {
    const child = parent.ele(ns, `${p}${name}`);
    if (value !== undefined) child.txt(value);
    return child;
  };
  const header = el(body, 'GrpHdr');
  el(header, 'MsgId', statement.messageId ?? `MSG-${Date.now()}-${++counter}`);
  el(header, 'CreDtTm', '2026-11-27T18:00:00+01:00');
  const stmt = el(body, kind === 'camt.053' ? 'Stmt' : 'Ntfctn');
  el(stmt, 'Id', statement.statementId ?? `STMT-${Date.now()}-${++counter}`);
  el(stmt, 'CreDtTm', '2026-11-27T18:00:00+01:00');
  el(el(el(stmt, 'Acct'), 'Id'), 'IBAN', statement.iban);
  const amount = (parent: ReturnType<typeof doc.ele>, cents: number, currency = 'EUR') =>
    el(parent, 'Amt', (cents / 100).toFixed(2)).att('Ccy', currency);
  const details = (parent: ReturnType<typeof doc.ele>, credit: TestCredit, ownAmount: boolean) => {
    const tx = el(parent, 'TxDtls');
    el(el(tx, 'Refs'), 'EndToEndId', 'NOTPROVIDED');
    if (ownAmount) {
      if (modern) amount(tx, credit.cents);
      else amount(el(el(tx, 'AmtDtls'), 'TxAmt'), credit.cents);
    }
    const parties = el(tx, 'RltdPties');
    const debtor = el(parties, 'Dbtr');
    el(modern ? el(debtor, 'Pty') : debtor, 'Nm', credit.debtor ?? 'Alpenhof GmbH');
    el(el(el(parties, 'DbtrAcct'), 'Id'), 'IBAN', credit.debtorIban ?? 'AT483200000012345864');
    if (credit.reference || credit.text) {
      const info = el(tx, 'RmtInf');
      for (const line of credit.text ?? []) el(info, 'Ustrd', line);
      if (credit.reference) {
        const ref = el(el(info, 'Strd'), 'CdtrRefInf');
        el(el(el(ref, 'Tp'), 'CdOrPrtry'), 'Cd', 'SCOR');
        el(ref, 'Ref', credit.reference);
      }
    }
  };
  for (const credit of statement.credits) {
    const entry = el(stmt, 'Ntry');
    amount(entry, credit.cents, credit.currency);
    el(entry, 'CdtDbtInd', credit.direction ?? 'CRDT');
    if (credit.reversal) el(entry, 'RvslInd', 'true');
    if (modern) el(el(entry, 'Sts'), 'Cd', credit.status ?? 'BOOK');
    else el(entry, 'Sts', credit.status ?? 'BOOK');
    el(el(entry, 'BookgDt'), 'Dt', credit.bookedOn ?? '2026-11-27');
    el(el(entry, 'ValDt'), 'Dt', credit.bookedOn ?? '2026-11-27');
    if (credit.bankReference !== null)
      el(entry, 'AcctSvcrRef', credit.bankReference ?? `BANK-${Date.now()}-${++counter}`);
    const ntryDetails = el(entry, 'NtryDtls');
    if (credit.parts) for (const part of credit.parts) details(ntryDetails, part, true);
    else details(ntryDetails, credit, false);
  }
  return doc.end({ prettyPrint: true });
}

/** POST /api/admin/bank-statements with `xml` as the uploaded file, as `token`'s user. */
export function uploadStatement(
  ctx: Pick<TestContext, 'request'>,
  token: string,
  xml: string,
  name = 'auszug.xml',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody([{ name, type: 'application/xml', data: Buffer.from(xml) }]);
  return ctx.request({ method: 'POST', url: '/api/admin/bank-statements', token, payload, headers });
}
