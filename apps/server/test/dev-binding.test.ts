import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './helpers';
import { TEST_INVOICE_ISSUER_ENV } from './support/ports';

/**
 * Issue 9, item 6: the development server is reachable from this machine only unless
 * HOST says otherwise, and the development mailbox (it holds every reset link) answers
 * only connections from loopback — judged by the socket, never by X-Forwarded-For.
 */

describe('Listen address by environment', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-host-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const secret = 'x'.repeat(40);

  it('When NODE_ENV is development and HOST is unset, then the server listens on 127.0.0.1 only', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).host).toBe('127.0.0.1');
  });

  it('When HOST is set, then it is used; in production the default stays all interfaces', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        JWT_SECRET: secret,
        FINGERPRINT_SECRET: secret,
        REGISTER_SECRET: secret,
        ...TEST_INVOICE_ISSUER_ENV,
      }).host,
    ).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        JWT_SECRET: secret,
        FINGERPRINT_SECRET: secret,
        REGISTER_SECRET: secret,
        ...TEST_INVOICE_ISSUER_ENV,
        HOST: '10.0.0.5',
      }).host,
    ).toBe('10.0.0.5');
  });
});

describe('Development mailbox only on loopback', () => {
  let ctx: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    proxied = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await ctx.close();
    await proxied.close();
  });

  for (const url of ['/dev/mail', '/dev/mail.json']) {
    it(`When ${url} is asked from another machine, then it answers 404`, async () => {
      for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.3']) {
        const res = await ctx.request({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.body).not.toContain('Entwicklungs-Postfach');
      }
    });

    it(`When ${url} is asked from loopback, then it answers 200`, async () => {
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await ctx.request({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
    });

    it(`When ${url} comes through a trusted proxy claiming loopback in X-Forwarded-For, then it answers 404`, async () => {
      const res = await proxied.request({
        method: 'GET',
        url,
        remoteAddress: '198.51.100.4',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
    });
  }
});

describe('Invoice issuer in production', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-issuer-'));
  const secret = 'x'.repeat(40);
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: dir,
    JWT_SECRET: secret,
    FINGERPRINT_SECRET: secret,
    REGISTER_SECRET: secret,
  };

  it('When an issuer variable is missing or invalid, then the server refuses to start naming each one', () => {
    expect(() => loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV, INVOICE_IBAN: '' })).toThrow(
      /INVOICE_IBAN: in production required/,
    );
    expect(() =>
      loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV, INVOICE_IBAN: 'AT611904300234573202' }),
    ).toThrow(/INVOICE_IBAN: not a valid IBAN/);
    expect(() => loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV, IMPRINT_VAT_ID: 'DE123456789' })).toThrow(
      /IMPRINT_VAT_ID: not an Austrian UID/,
    );
    expect(() =>
      loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV, IMPRINT_REGISTER: 'Handelsgericht Wien' }),
    ).toThrow(/IMPRINT_REGISTER: must name the Firmenbuchnummer/);
    expect(loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV }).invoiceIssuer).toMatchObject({
      uid: 'ATU12345678',
      iban: 'AT611904300234573201',
    });
  });

  it('When REGISTER_SECRET is missing or short in production, then the server refuses to start; in development it is generated and kept', () => {
    const { REGISTER_SECRET: _omitted, ...withoutKey } = production;
    expect(() => loadConfig({ ...withoutKey, ...TEST_INVOICE_ISSUER_ENV })).toThrow(
      /REGISTER_SECRET: in production required/,
    );
    expect(() => loadConfig({ ...production, ...TEST_INVOICE_ISSUER_ENV, REGISTER_SECRET: 'kurz' })).toThrow(
      /REGISTER_SECRET/,
    );
    const generated = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).registerSecret;
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).registerSecret).toBe(generated);
    expect(statSync(path.join(dir, 'register-secret')).mode & 0o777).toBe(0o600);
  });

  it('When not in production, then demo issuer data is used', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).invoiceIssuer.iban).toBe('AT611904300234573201');
  });
});
