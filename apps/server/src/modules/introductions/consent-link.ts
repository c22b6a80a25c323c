import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CONSENT_LINK_DAYS } from '@pb/core';
import type { introductions } from '../../db/schema';

/**
 * The candidate's link (issue 35). Its secret is an HMAC of the introduction's id and a random
 * nonce under a key derived from REGISTER_SECRET: 256 bits nobody can guess, bound to that one
 * introduction, and the platform can mail it again (the reminder) without storing it. Only its
 * SHA-256 is stored and looked up, so whoever reads the database cannot answer for the candidate.
 * The link goes into the page's fragment (`/einwilligung#…`): browsers never send a fragment to
 * a server, so it stays out of access logs and Referer headers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One key per kind of link: a consent link can never pass for an interview link, nor the other way round. */
function linkKey(registerSecret: string, purpose: 'candidate-consent-link' | 'interview-choice-link'): Buffer {
  return createHmac('sha256', registerSecret).update(`${purpose}/v1`).digest();
}

export function consentToken(registerSecret: string, introductionId: number, nonce: string): string {
  return createHmac('sha256', linkKey(registerSecret, 'candidate-consent-link'))
    .update(`${introductionId}:${nonce}`)
    .digest('base64url');
}

/** The candidate's link to pick an interview time (issue 35), derived the same way per interview. */
export function interviewChoiceToken(registerSecret: string, interviewId: number, nonce: string): string {
  return createHmac('sha256', linkKey(registerSecret, 'interview-choice-link'))
    .update(`${interviewId}:${nonce}`)
    .digest('base64url');
}

export function interviewChoiceUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/termin#${token}`;
}

/** What is stored and looked up of a link's secret (consent and interview links alike). */
export function consentTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh nonce for a new request (the token follows once the introduction's id exists). */
export function newConsentNonce(): string {
  return randomBytes(16).toString('hex');
}

export function consentUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/einwilligung#${token}`;
}

/** The last moment the link accepts an answer: CONSENT_LINK_DAYS after the request. */
export function consentExpiry(row: Pick<typeof introductions.$inferSelect, 'consentRequestedAt'>): Date | null {
  return row.consentRequestedAt ? new Date(row.consentRequestedAt.getTime() + CONSENT_LINK_DAYS * DAY_MS) : null;
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
