import { createHmac } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { INTRODUCTION_MSG } from '@pb/core';
import { badRequest } from '../../lib/errors';

/**
 * Candidate fingerprints (issue 11): a keyed hash of the normalised e-mail and of the
 * normalised phone, so the register can tell "the same person was already introduced to
 * this company" without keeping raw contact data longer than the terms allow. The key is
 * a server secret: without it a fingerprint cannot be matched against a list of guesses.
 * Fingerprints never leave the server.
 */

/** Lower-case, trimmed (the form's schema already did this; the register must not depend on it). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
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

export type FingerprintKind = 'email' | 'phone';

/** HMAC-SHA256 over kind and normalised value, hex; the kind keeps an e-mail and a phone from ever colliding. */
export function candidateFingerprint(secret: string, kind: FingerprintKind, normalised: string): string {
  return createHmac('sha256', secret).update(`${kind}:${normalised}`).digest('hex');
}

export interface CandidateFingerprints {
  email: string | null;
  phone: string | null;
}

type Contact = { email?: string | undefined; phone?: string | undefined };

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
  return {
    phone,
    fingerprints: {
      email: contact.email === undefined ? null : candidateFingerprint(secret, 'email', normaliseEmail(contact.email)),
      phone: phone === null ? null : candidateFingerprint(secret, 'phone', phone),
    },
  };
}

/** Both fingerprints of a candidate (see candidateContact). */
export function fingerprintsOf(secret: string, contact: Contact): CandidateFingerprints {
  return candidateContact(secret, contact).fingerprints;
}

/**
 * Two contacts of which every comparable fingerprint differs (compared where both sides have one;
 * nothing to compare is no difference): a report's hired person is not the named introduction's.
 */
export function contactsDiffer(a: CandidateFingerprints, b: CandidateFingerprints): boolean {
  const comparable = (['email', 'phone'] as const).filter((k) => a[k] !== null && b[k] !== null);
  return comparable.length > 0 && comparable.every((k) => a[k] !== b[k]);
}
