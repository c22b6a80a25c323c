import { describe, expect, it } from 'vitest';
import { companyDomain } from './former-companies';

/**
 * Which e-mail domains identify a company (issue 28 (4)): a free-mail provider's domain must
 * never link two strangers as "the same company" — from the side of an unrelated company that
 * would otherwise inherit another's introductions.
 */
describe('free-mail providers', () => {
  const AUSTRIAN_AND_GERMAN = [
    'gmx.at',
    'gmx.net',
    'gmx.de',
    'gmx.ch',
    'web.de',
    'aon.at',
    'chello.at',
    'a1.net',
    'kabsi.at',
    'utanet.at',
    'drei.at',
    'tele2.at',
    'inode.at',
    'liwest.at',
    't-online.de',
    'freenet.de',
    'posteo.de',
    'posteo.at',
    'posteo.net',
    'mailbox.org',
  ];
  const INTERNATIONAL = [
    'gmail.com',
    'googlemail.com',
    'yahoo.com',
    'yahoo.de',
    'yahoo.at',
    'yahoo.co.uk',
    'ymail.com',
    'outlook.com',
    'outlook.at',
    'outlook.de',
    'hotmail.com',
    'hotmail.de',
    'hotmail.at',
    'hotmail.it',
    'live.com',
    'live.at',
    'live.de',
    'msn.com',
    'icloud.com',
    'me.com',
    'mac.com',
    'proton.me',
    'protonmail.com',
    'pm.me',
    'aol.com',
    'mail.com',
    'yandex.ru',
    'mail.ru',
    'zoho.com',
    'tutanota.com',
  ];

  it.each([...AUSTRIAN_AND_GERMAN, ...INTERNATIONAL])(
    'When a company signs up on %s, then the domain says nothing about it',
    (domain) => {
      expect(companyDomain(`personal@${domain}`)).toBeNull();
      expect(companyDomain(`  Personal@${domain.toUpperCase()} `)).toBeNull();
    },
  );

  it('When the address is on a company’s own domain, then that domain identifies it (subdomains and lookalikes too)', () => {
    expect(companyDomain('hr@alpenblick-hotels.at')).toBe('alpenblick-hotels.at');
    expect(companyDomain('Jobs@Porr-Bau.AT')).toBe('porr-bau.at');
    expect(companyDomain('bewerbung@karriere.strabag.com')).toBe('karriere.strabag.com');
    expect(companyDomain('office@gmx-installationen.at')).toBe('gmx-installationen.at');
    expect(companyDomain('office@yahoo-reisen.de')).toBe('yahoo-reisen.de');
    expect(companyDomain('kein-at-zeichen')).toBeNull();
  });
});
