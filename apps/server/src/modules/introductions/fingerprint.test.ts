import { describe, expect, it } from 'vitest';
import { candidateFingerprint, fingerprintsOf, normaliseEmail, normalisePhone } from './fingerprint';

const SECRET = 'fingerprint-test-secret-0123456789abcdef';

describe('candidate fingerprints', () => {
  it('When an Austrian mobile number is written in the usual ways, then all normalise to one E.164 number', () => {
    const forms = ['0664 1234567', '+43 664 1234567', '0043 664 123 45 67', '+43 (0) 664/1234567', ' 0664-123-4567 '];
    expect(new Set(forms.map(normalisePhone))).toEqual(new Set(['+436641234567']));
  });

  it('When a Vienna landline or a German number is given, then it keeps its own country', () => {
    expect(normalisePhone('01 5151 0')).toBe('+43151510');
    expect(normalisePhone('+49 30 901820')).toBe('+4930901820');
  });

  it('When the text is no phone number, then it is refused (null), not guessed', () => {
    for (const bad of ['', 'abc', '123', '+43 664', '0664 12345678901234', '+999 1234567']) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
  });

  it('When an e-mail differs only in case and spaces, then it has the same fingerprint', () => {
    expect(normaliseEmail('  Anna.Mueller@Example.AT ')).toBe('anna.mueller@example.at');
    const a = fingerprintsOf(SECRET, { email: 'Anna.Mueller@example.at' });
    const b = fingerprintsOf(SECRET, { email: ' anna.mueller@EXAMPLE.at' });
    expect(a.email).toBe(b.email);
    expect(a.email).toMatch(/^[0-9a-f]{64}$/);
    expect(a.phone).toBeNull();
  });

  it('When the phone is written differently, then the fingerprint is the same; another number differs', () => {
    const a = fingerprintsOf(SECRET, { phone: '0664 1234567' });
    expect(a.phone).toBe(fingerprintsOf(SECRET, { phone: '+436641234567' }).phone);
    expect(a.phone).not.toBe(fingerprintsOf(SECRET, { phone: '0664 1234568' }).phone);
    expect(a.email).toBeNull();
  });

  it('When the secret differs, then the fingerprints differ (a fingerprint cannot be matched without the key)', () => {
    const value = normaliseEmail('anna@example.at');
    expect(candidateFingerprint(SECRET, 'email', value)).not.toBe(candidateFingerprint(`${SECRET}x`, 'email', value));
    // The kind is part of the hash: the same text as e-mail and as phone never collides.
    expect(candidateFingerprint(SECRET, 'email', '+436641234567')).not.toBe(
      candidateFingerprint(SECRET, 'phone', '+436641234567'),
    );
  });
});
