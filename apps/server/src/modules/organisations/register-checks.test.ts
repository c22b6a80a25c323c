import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INPUT_MSG,
  REGISTER_CHECK_MSG,
  type AdminOrganisation,
  type AdminOrganisationDetail,
  type OrganisationVerification,
} from '@pb/core';
import { createUser, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';

/**
 * The back office's organisation pages and 'geprüft' marks (issue 31): the office sees every
 * organisation with its members, roles and legal identity; it marks the Firmenbuchnummer, UID and
 * GISA number it checked, with a note, audited. The other side sees one badge, which a changed value
 * takes away. From the cheating side: a company cannot mark itself, a changed UID is not 'geprüft'
 * on an old check, and nobody but the office reads values, notes or members.
 */

const identity = {
  name: 'Bau Gruber GmbH',
  legalForm: 'GmbH',
  street: 'Ringstraße 1',
  postalCode: '1010',
  city: 'Wien',
  registerNumber: 'FN 33209m',
  uid: 'ATU13585627',
};

describe("the back office's organisation pages and 'geprüft' marks", () => {
  let ctx: TestContext;
  let company: TestAccount;
  let agency: TestAccount;
  let office: TestUser;
  let companyId: number;
  let agencyId: number;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const detail = async (id: number) => {
    const res = await call(office.token, 'GET', `/api/admin/organisations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AdminOrganisationDetail;
  };
  const shown: Record<string, string> = { register_number: 'FN 33209m', uid: 'ATU13585627', gisa_number: '12345678' };
  const check = (id: number, field: string, note = 'Firmenbuchauszug vom 28.11.2026', value = shown[field]!) =>
    call(office.token, 'POST', `/api/admin/organisations/${id}/register-checks`, { field, value, note });
  const badge = async (token: string, id: number) => {
    const res = await call(token, 'GET', `/api/organisations/${id}/verification`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrganisationVerification;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    company = await createAccount(ctx, 'company', 'Bau Gruber');
    await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    office = await createUser(ctx, { role: 'admin' });
    companyId = (await call(company.jwt, 'GET', '/api/organisation')).json().data.id as number;
    agencyId = (await call(agency.jwt, 'GET', '/api/organisation')).json().data.id as number;
    const saved = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', identity);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When the office lists organisations, then it sees kind, members and completeness, filtered by kind and name', async () => {
    const res = await call(
      office.token,
      'GET',
      '/api/admin/organisations?filters[kind][$eq]=company&filters[name][$containsi]=gruber',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as AdminOrganisation[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: companyId,
        kind: 'company',
        memberCount: 2,
        legalIdentityComplete: true,
        verified: false,
      }),
    ]);
    const unknownFilter = await call(office.token, 'GET', '/api/admin/organisations?filters[billingEmail][$eq]=x');
    expect(unknownFilter.statusCode).toBe(400);
    const organisation = await detail(companyId);
    expect(organisation.members.map((m) => [m.username, m.role])).toEqual([
      ['Bau Gruber', 'administrator'],
      ['Rita Recruiting', 'recruiting'],
    ]);
    expect(organisation.fieldsToCheck).toEqual(['register_number', 'uid']);
  });

  it('When the office checks Firmenbuchnummer and UID, then the company is geprüft for the agency, audited with the note', async () => {
    expect((await badge(agency.jwt, companyId)).verified).toBe(false);
    expect((await check(companyId, 'register_number')).statusCode).toBe(200);
    expect((await badge(agency.jwt, companyId)).verified).toBe(false);
    const res = await check(companyId, 'uid', 'VIES-Abfrage Stufe 2, Bestätigung Nr. 123');
    expect(res.statusCode, res.body).toBe(200);
    const seen = await badge(agency.jwt, companyId);
    expect(seen).toEqual({ organisationId: companyId, verified: true, checks: expect.any(Array) });
    expect(seen.checks.map((c) => c.field)).toEqual(['register_number', 'uid']);
    // The other side learns that and when — not the values, the notes or even the name.
    expect(JSON.stringify(seen)).not.toContain('ATU13585627');
    expect(JSON.stringify(seen)).not.toContain('VIES');
    expect(JSON.stringify(seen)).not.toContain('Gruber');

    const audit = await call(
      office.token,
      'GET',
      '/api/admin/audit-log?filters[action][$eq]=organisation.register-checked',
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toHaveLength(2);
    expect(audit.json().data[0]).toMatchObject({ entity: 'organisation', entityId: String(companyId) });
  });

  it('When the company changes its UID after the check, then the badge is gone and the old check is kept as history', async () => {
    const changed = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', {
      ...identity,
      uid: 'DE123456789',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await badge(agency.jwt, companyId)).verified).toBe(false);
    const organisation = await detail(companyId);
    expect(organisation.verified).toBe(false);
    expect(organisation.checks.map((c) => [c.field, c.value, c.current])).toEqual([
      ['uid', 'ATU13585627', false],
      ['register_number', 'FN 33209m', true],
    ]);
    // Changing it back restores the mark: the check was of that value.
    await call(company.jwt, 'PUT', '/api/organisation/legal-identity', identity);
    expect((await badge(agency.jwt, companyId)).verified).toBe(true);
  });

  it('When an agency has no GISA number, then it cannot be geprüft and the office cannot check an empty field', async () => {
    const res = await check(agencyId, 'gisa_number');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(REGISTER_CHECK_MSG.fieldEmpty);
    expect((await detail(agencyId)).fieldsToCheck).toEqual(['gisa_number']);
    expect((await badge(company.jwt, agencyId)).verified).toBe(false);
  });

  it('When the company changes its UID while the office looks at the old one, then the check is refused, not recorded for the new value', async () => {
    await call(company.jwt, 'PUT', '/api/organisation/legal-identity', { ...identity, uid: 'DE123456789' });
    const stale = await check(companyId, 'uid', 'VIES-Abfrage', 'ATU13585627');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(REGISTER_CHECK_MSG.valueChanged);
    expect((await detail(companyId)).checks.filter((c) => c.value === 'DE123456789')).toEqual([]);
    await call(company.jwt, 'PUT', '/api/organisation/legal-identity', identity);
    expect((await badge(agency.jwt, companyId)).verified).toBe(true);
  });

  it('When a checked company renames itself, then the badge is gone until the office checks again', async () => {
    const renamed = await call(company.jwt, 'PUT', '/api/organisation/legal-identity', {
      ...identity,
      name: 'Siemens Aktiengesellschaft Österreich',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await badge(agency.jwt, companyId)).verified).toBe(false);
    await check(companyId, 'register_number', 'Firmenbuch: Name geändert');
    await check(companyId, 'uid', 'VIES: Name geändert');
    expect((await badge(agency.jwt, companyId)).verified).toBe(true);
  });

  it('When a check is malformed, then a German 400 names it and nothing is recorded', async () => {
    const before = (await detail(companyId)).checks.length;
    const cases: Array<[object, string]> = [
      [{ field: 'iban', value: 'x', note: 'x' }, REGISTER_CHECK_MSG.fieldInvalid],
      [{ field: 'uid', value: 'ATU13585627', note: '   ' }, REGISTER_CHECK_MSG.noteRequired],
      [{ field: 'uid', value: 'ATU13585627' }, REGISTER_CHECK_MSG.noteRequired],
      [{ field: 'uid', note: 'x' }, REGISTER_CHECK_MSG.valueRequired],
      [{ field: 'uid', value: 'ATU13585627', note: 'x'.repeat(501) }, INPUT_MSG.tooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call(office.token, 'POST', `/api/admin/organisations/${companyId}/register-checks`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await check(2_000_000_000, 'uid')).statusCode).toBe(404);
    expect((await detail(companyId)).checks).toHaveLength(before);
  });

  it('When a company or agency tries the office routes, then 403; a visitor gets 401 for the badge', async () => {
    for (const token of [company.jwt, agency.jwt]) {
      expect((await call(token, 'GET', '/api/admin/organisations')).statusCode).toBe(403);
      expect((await call(token, 'GET', `/api/admin/organisations/${companyId}`)).statusCode).toBe(403);
      const self = await call(token, 'POST', `/api/admin/organisations/${companyId}/register-checks`, {
        field: 'uid',
        value: 'ATU13585627',
        note: 'selbst geprüft',
      });
      expect(self.statusCode).toBe(403);
    }
    const visitor = await ctx.request({ method: 'GET', url: `/api/organisations/${companyId}/verification` });
    expect(visitor.statusCode).toBe(401);
    expect((await call(agency.jwt, 'GET', '/api/organisations/2000000000/verification')).statusCode).toBe(404);
  });
  it('When a new company gives the UID and FN of one whose contract ended, then the office sees both and the audit log says when', async () => {
    await ctx.database.query("UPDATE organisations SET contract_ends_at = '2026-11-01T23:00:00Z' WHERE id = $1", [
      companyId,
    ]);
    const refounded = await createAccount(ctx, 'company', 'Bau Gruber Neu');
    const saved = await call(refounded.jwt, 'PUT', '/api/organisation/legal-identity', {
      ...identity,
      name: 'Bau Gruber Neu GmbH',
      registerNumber: 'fn33209M',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refoundedId = saved.json().data.id as number;
    expect((await detail(refoundedId)).sameIdentity).toEqual([
      {
        id: companyId,
        // An earlier case renamed it.
        name: (await detail(companyId)).name,
        kind: 'company',
        fields: ['register_number', 'uid'],
        contractEndsAt: '2026-11-01T23:00:00.000Z',
      },
    ]);
    expect((await detail(companyId)).sameIdentity.map((o) => o.id)).toEqual([refoundedId]);
    expect((await detail(agencyId)).sameIdentity).toEqual([]);
    const [audit] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'organisation.same-identity' AND entity_id = $1",
      [refoundedId],
    );
    expect(audit?.n).toBe(1);
    // Nobody outside the office learns of it.
    expect((await call(refounded.jwt, 'GET', `/api/admin/organisations/${refoundedId}`)).statusCode).toBe(403);
    await ctx.database.query('UPDATE organisations SET contract_ends_at = NULL WHERE id = $1', [companyId]);
  });
});
