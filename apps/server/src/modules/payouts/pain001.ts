import SEPA from 'sepa';
import type { InvoiceIssuer } from '@pb/core';

/**
 * The payout batch as a SEPA credit transfer initiation, pain.001.001.09 (ISO 20022, the version
 * the EPC rulebook asks since November 2023), written by `sepa` (sepa.js): one payment
 * information block from the platform's account, one transaction per payout item with its own
 * end-to-end id and the document it settles as the unstructured remittance text. sepa.js derives
 * PmtInfId and InstrId from the message id (MsgId.0.n), so it stays short: all three fit the
 * schema's 35 characters (the XSD test caught a longer one).
 */

export interface CreditTransfer {
  endToEndId: string;
  creditorName: string;
  iban: string;
  bic: string | null;
  amountCents: number;
  remittance: string;
}

const TRANSLITERATION: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  '&': '+',
  é: 'e',
  è: 'e',
  á: 'a',
  à: 'a',
};

/**
 * Text in the EPC's basic Latin character set (a–z, A–Z, 0–9, / - ? : ( ) . , ' + and space):
 * umlauts spelt out, anything else a space, cut to the field's length. Banks refuse or mangle
 * other characters.
 */
export function sepaText(text: string, max: number): string {
  const spelt = [...text].map((ch) => TRANSLITERATION[ch] ?? ch).join('');
  const plain = spelt.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export function buildPain001(batch: {
  messageId: string;
  createdAt: Date;
  executionDate: string;
  debtor: InvoiceIssuer;
  transfers: CreditTransfer[];
}): string {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = batch.messageId;
  doc.grpHdr.created = batch.createdAt;
  doc.grpHdr.initiatorName = sepaText(batch.debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = new Date(`${batch.executionDate}T12:00:00Z`);
  info.debtorIBAN = batch.debtor.iban;
  info.debtorBIC = batch.debtor.bic;
  info.debtorName = sepaText(batch.debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const transfer of batch.transfers) {
    const tx = info.createTransaction();
    tx.end2endId = transfer.endToEndId;
    // A name of other scripts only would be empty (the schema refuses <Nm/>).
    tx.creditorName = sepaText(transfer.creditorName, 70) || 'Zahlungsempfaenger';
    tx.creditorIBAN = transfer.iban;
    if (transfer.bic) tx.creditorBIC = transfer.bic;
    tx.amount = transfer.amountCents / 100;
    tx.remittanceInfo = sepaText(transfer.remittance, 140);
    info.addTransaction(tx);
  }
  return doc.toString();
}
