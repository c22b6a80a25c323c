import { createHmac } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
// One function, not the whole library (its index loads every validator).
import normalizeEmail from 'validator/lib/normalizeEmail.js';
import { INTRODUCTION_MSG } from '@pb/core';
import { badRequest } from '../../lib/errors';

/**
 * Candidate fingerprints (issue 11): a keyed hash of the normalised e-mail and of the
 * normalised phone, so the register can tell "the same person was already introduced to
 * this company" without keeping raw contact data longer than the terms allow. The key is
 * a server secret: without it a fingerprint cannot be matched against a list of guesses.
 * Fingerprints never leave the server.
 */

/**
 * How fingerprints are computed (decision 0027, docs/introductions.md "Fingerprints"): 1 before
 * migration 0026 (e-mail lower-cased and trimmed), 2 since (provider aliases folded, and a name
 * fingerprint). The introduced register entry states the version its commitment was made with.
 */
export const FINGERPRINT_VERSION = 2;

/** Version 1 of the e-mail form: lower-case, trimmed. Still computed to match introductions from before 0026. */
export function legacyNormaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * One mailbox, one form: lower-case and trimmed, provider aliases folded by validator's
 * normalizeEmail (Gmail: dots and '+tag' dropped, googlemail.com → gmail.com; '+tag' at Outlook,
 * Hotmail, Live, iCloud, Yandex, '-tag' at Yahoo), and a '+tag' dropped at every other domain too
 * (sub-addressing; a '+' that is part of a mailbox name is so rare that a false match, which the
 * office clears, is the better error than a missed one).
 */
export function normaliseEmail(email: string): string {
  const plain = legacyNormaliseEmail(email);
  const at = plain.lastIndexOf('@');
  if (at <= 0 || at === plain.length - 1) return plain;
  const folded = normalizeEmail(plain) || plain;
  const split = folded.lastIndexOf('@');
  const local = folded.slice(0, split).split('+')[0] ?? '';
  return local === '' ? folded : `${local}${folded.slice(split)}`;
}

/** German letters spelled out, so 'Müller' and 'Mueller' meet; the rest of Latin script loses its accents. */
const SPELLED_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A person's name for the secondary 'same person?' signal: lower-case, ä/ö/ü/ß spelled out,
 * accents removed, punctuation and hyphens as spaces, the words sorted ('Müller, Lukas' =
 * 'Lukas Mueller'). Empty when nothing is left.
 */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => SPELLED_OUT[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * E.164 ("+436641234567") or null when the text is no valid phone number. Numbers without
 * a country code are read as Austrian ("0664 123 4567", "01 234 5678"); "0043…" and
 * "+43 (0) …" forms are understood by the library.
 */
export function normalisePhone(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'AT');
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

export type FingerprintKind = 'email' | 'phone' | 'name';

/** HMAC-SHA256 over kind and normalised value, hex; the kind keeps an e-mail and a phone from ever colliding. */
export function candidateFingerprint(secret: string, kind: FingerprintKind, normalised: string): string {
  return createHmac('sha256', secret).update(`${kind}:${normalised}`).digest('hex');
}

export interface CandidateFingerprints {
  email: string | null;
  phone: string | null;
  /** The e-mail's version-1 fingerprint where it differs (matches introductions from before 0026). */
  emailLegacy?: string | null;
  /** The name's fingerprint (version 2): the secondary signal, never a match on its own. */
  name?: string | null;
}

type Contact = {
  email?: string | undefined;
  phone?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

/**
 * A candidate's phone in E.164 (null when not given) and both fingerprints (null for a
 * contact that is not given) — the phone parsed once. A given phone that is no valid number
 * is the caller's German 400.
 */
export function candidateContact(
  secret: string,
  contact: Contact,
): { phone: string | null; fingerprints: CandidateFingerprints } {
  const phone = contact.phone === undefined ? null : normalisePhone(contact.phone);
  if (contact.phone !== undefined && phone === null) throw badRequest(INTRODUCTION_MSG.invalidPhone);
  const email =
    contact.email === undefined ? null : candidateFingerprint(secret, 'email', normaliseEmail(contact.email));
  const legacy =
    contact.email === undefined ? null : candidateFingerprint(secret, 'email', legacyNormaliseEmail(contact.email));
  const name = normaliseName(`${contact.firstName ?? ''} ${contact.lastName ?? ''}`);
  return {
    phone,
    fingerprints: {
      email,
      phone: phone === null ? null : candidateFingerprint(secret, 'phone', phone),
      emailLegacy: legacy === email ? null : legacy,
      name: name === '' ? null : candidateFingerprint(secret, 'name', name),
    },
  };
}

/** Both fingerprints of a candidate (see candidateContact). */
export function fingerprintsOf(secret: string, contact: Contact): CandidateFingerprints {
  return candidateContact(secret, contact).fingerprints;
}

/** Whether `stored` (an introduction's e-mail fingerprint) is the e-mail of `contact`, in either version. */
export function emailMatches(contact: CandidateFingerprints, stored: string | null): boolean {
  return (
    stored !== null && (stored === contact.email || (Boolean(contact.emailLegacy) && stored === contact.emailLegacy))
  );
}

/**
 * A contact that differs from an introduction's in every comparable fingerprint (compared where
 * both sides have one; nothing to compare is no difference): the report's hired person is not
 * the named introduction's.
 */
export function contactsDiffer(given: CandidateFingerprints, introduction: CandidateFingerprints): boolean {
  const emailComparable = given.email !== null && introduction.email !== null;
  const phoneComparable = given.phone !== null && introduction.phone !== null;
  if (!emailComparable && !phoneComparable) return false;
  const emailDiffers = !emailComparable || !emailMatches(given, introduction.email);
  const phoneDiffers = !phoneComparable || given.phone !== introduction.phone;
  return emailDiffers && phoneDiffers;
}
