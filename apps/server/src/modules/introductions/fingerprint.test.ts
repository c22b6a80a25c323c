import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidateFingerprint, fingerprintsOf, normaliseEmail, normaliseName, normalisePhone } from './fingerprint';

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

  it('When a Gmail address is written with dots, a plus tag, capitals or as googlemail.com, then it is one person', () => {
    const forms = [
      'anna.mueller@gmail.com',
      'AnnaMueller@Gmail.com',
      'a.n.n.a.mueller+jobs@gmail.com',
      'annamueller+bewerbung.2027@googlemail.com',
      ' anna.mueller@GOOGLEMAIL.COM ',
    ];
    expect(new Set(forms.map(normaliseEmail))).toEqual(new Set(['annamueller@gmail.com']));
    expect(fingerprintsOf(SECRET, { email: forms[2] }).email).toBe(fingerprintsOf(SECRET, { email: forms[0] }).email);
  });

  it('When another provider gets a plus tag, then the tag goes; its dots stay (they tell people apart there)', () => {
    expect(normaliseEmail('Anna.Mueller+agentur@Example.AT')).toBe('anna.mueller@example.at');
    expect(normaliseEmail('anna.mueller@example.at')).not.toBe(normaliseEmail('annamueller@example.at'));
    expect(normaliseEmail('eva+x@outlook.com')).toBe('eva@outlook.com');
  });

  it('When any address is normalised (property), then it is idempotent, Gmail dots, tags and googlemail fold, and distinct mailboxes stay distinct', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,15}$/);
    const tag = fc.stringMatching(/^[a-z0-9.]{0,8}$/);
    const domain = fc.constantFrom('example.at', 'firma.co.at', 'outlook.com', 'gmx.at');
    fc.assert(
      fc.property(local, tag, domain, fc.array(fc.nat(), { maxLength: 4 }), (name, plus, host, dots) => {
        // Gmail: any dots and a tag, any case, either domain → one mailbox.
        const chars = [...name];
        for (const d of dots) chars.splice(1 + (d % chars.length), 0, '.');
        const dotted = chars.join('').replace(/\.+/g, '.').replace(/\.$/, '');
        const gmail = `${dotted.toUpperCase()}+${plus}@${plus.length % 2 ? 'googlemail.com' : 'gmail.com'}`;
        expect(normaliseEmail(gmail)).toBe(`${name.replace(/\./g, '')}@gmail.com`);
        // Elsewhere: the tag goes, the rest stays; normalising twice changes nothing.
        const other = normaliseEmail(`${name}+${plus}@${host}`);
        expect(other).toBe(`${name}@${host}`);
        expect(normaliseEmail(other)).toBe(other);
        // A different mailbox never folds into this one.
        expect(normaliseEmail(`${name}x@${host}`)).not.toBe(other);
      }),
      { numRuns: 300 },
    );
  });

  it('When names differ only in case, accents, umlaut spelling, hyphens or order, then they normalise alike; other names do not', () => {
    const forms = ['Lukas Müller', 'MUELLER, Lukas', 'lukas  mueller', 'Müller Lukas', 'Lúkas Müller'];
    expect(new Set(forms.map((n) => normaliseName(n)))).toEqual(new Set(['lukas mueller']));
    expect(normaliseName('Anna-Lena Groß')).toBe(normaliseName('Anna Lena Gross'));
    expect(normaliseName('Lukas Müller')).not.toBe(normaliseName('Lukas Mayer'));
    expect(normaliseName('  ')).toBe('');
  });
});
