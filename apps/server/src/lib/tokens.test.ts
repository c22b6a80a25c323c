import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtService } from './tokens';

/** Access tokens (lib/tokens.ts): a token verified once is kept, but never past its expiry. */
describe('JwtService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('When a verified token comes again, then it is accepted until it expires, and refused after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const jwt = new JwtService('s'.repeat(32), '10m');
    const token = await jwt.sign(7, 3, 'sitzung-7');
    expect(await jwt.verify(token)).toMatchObject({ userId: 7, tokenVersion: 3, sessionId: 'sitzung-7' });
    vi.setSystemTime(new Date('2026-11-24T10:09:59Z'));
    expect(await jwt.verify(token)).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-24T10:10:00Z'));
    expect(await jwt.verify(token)).toBeNull();
    expect(await jwt.verify(token)).toBeNull();
  });

  it('When a token is altered or signed with another secret, then it is refused, also after the genuine one was kept', async () => {
    const jwt = new JwtService('s'.repeat(32), '10m');
    const token = await jwt.sign(7, 3, 'sitzung-7');
    expect(await jwt.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', ver: 3, sid: 'sitzung-7', exp: 4102444800 })).toString(
      'base64url',
    );
    expect(await jwt.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await jwt.verify(`${header}.${payload}.${signature}x`)).toBeNull();
    expect(await new JwtService('t'.repeat(32), '10m').verify(token)).toBeNull();
  });

  it('When a validly signed token names no session (issued before sessions existed), then it is refused', async () => {
    const { SignJWT } = await import('jose');
    const secret = 's'.repeat(32);
    const legacy = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(secret));
    expect(await new JwtService(secret, '10m').verify(legacy)).toBeNull();
  });
});
