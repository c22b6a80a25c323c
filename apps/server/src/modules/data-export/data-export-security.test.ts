import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount } from '../../../test/support/account-fixtures';
import { createChatUser } from '../../../test/support/chat-fixtures';
import {
  download,
  exportWorker,
  jsonOf,
  mailedExportToken,
  requestExport,
  unzip,
} from '../../../test/support/data-export';
import { enrolTotp, registerPasskey, totpCode } from '../../../test/support/two-factor-fixtures';

/**
 * The data export (DSGVO Art. 15) holds the account's own security data — its sessions and its
 * second factors, never a token, secret or key — and an admin's export holds no other person's
 * data from the audit log (the payloads of entries about others stay out).
 */

let ctx: TestContext;
// The app's clock, a minute behind the real one: the export worker takes requests due by the
// database's clock, and a TOTP code needs the next 30-second step after the enrolment's.
let clock = new Date(Date.now() - 60_000);
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(async () => {
  await ctx?.close();
});

async function exportOf(user: { token: string; email: string }) {
  expect((await requestExport(ctx, user.token)).statusCode).toBe(202);
  expect(await exportWorker(ctx).runOnce()).toBe(1);
  const res = await download(ctx, user.token, await mailedExportToken(ctx, user.email));
  expect(res.statusCode, res.body).toBe(200);
  return unzip(res.rawPayload);
}

describe('security data in the export', () => {
  it('When an account with sessions, the authenticator app and a passkey exports its data, then sicherheit.json lists them without any token, secret or key', async () => {
    const account = await createAccount(ctx, 'company', 'Sicherheit Export GmbH');
    const phone = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: account.email, password: account.password },
      headers: {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
      },
      remoteAddress: '198.51.100.7',
    });
    expect(phone.statusCode).toBe(200);
    // The first factor ends the phone's session: it stays in the history as ended.
    const totp = await enrolTotp(ctx, account, clock);
    tick(30);
    await registerPasskey(ctx, account, { code: totpCode(totp.secret, clock) }, 'Laptop Büro');

    const entries = await exportOf({ token: account.jwt, email: account.email });
    expect([...entries.keys()]).toContain('sicherheit.json');
    const security = jsonOf(entries, 'sicherheit.json') as {
      sitzungen: Array<Record<string, unknown>>;
      zweiFaktor: Record<string, unknown>;
    };
    expect(security.sitzungen).toHaveLength(2);
    expect(security.sitzungen).toEqual(
      expect.arrayContaining([
        {
          geraet: expect.stringContaining('iOS'),
          netz: '198.51.100.0/24',
          angemeldetAm: expect.any(String),
          zuletztAktivAm: expect.any(String),
          gueltigBis: expect.any(String),
          beendetAm: expect.any(String),
          zweiterFaktorBestaetigt: false,
        },
        expect.objectContaining({ beendetAm: null, zweiterFaktorBestaetigt: true }),
      ]),
    );
    expect(security.zweiFaktor).toEqual({
      authenticatorApp: { aktiv: true, seit: expect.any(String) },
      wiederherstellungscodesUebrig: 10,
      passkeys: [{ name: 'Laptop Büro', hinzugefuegtAm: expect.any(String), zuletztVerwendetAm: null }],
    });
    const text = entries.get('sicherheit.json')!.toString('utf8');
    const [session] = await ctx.database.query<{ id: string; device_key: string }>(
      'SELECT id, device_key FROM user_sessions WHERE user_id = $1 LIMIT 1',
      [account.id],
    );
    const [passkey] = await ctx.database.query<{ credential_id: string; public_key: string }>(
      'SELECT credential_id, public_key FROM user_passkeys WHERE user_id = $1',
      [account.id],
    );
    for (const secret of [session!.id, session!.device_key, passkey!.credential_id, passkey!.public_key, totp.secret]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(totp.recoveryCodes[0]);
    expect(text).not.toContain(account.jwt);
  });

  it('When an account never set up a second factor, then the export says so', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    const security = jsonOf(await exportOf(user), 'sicherheit.json') as { zweiFaktor: unknown; sitzungen: unknown[] };
    expect(security.zweiFaktor).toEqual({
      authenticatorApp: { aktiv: false, seit: null },
      wiederherstellungscodesUebrig: 0,
      passkeys: [],
    });
    expect(security.sitzungen).toHaveLength(1);
  });
});

describe("an admin's export and the audit log", () => {
  it('When an admin exports its data, then entries it wrote about other persons carry no before/after, entries about its own account do', async () => {
    const admin = await createChatUser(ctx.app, 'admin');
    const other = await createAccount(ctx, 'consultant', 'Fremde Person Export');
    const blocked = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await ctx.database.query(
      `INSERT INTO audit_log (actor_id, actor_email, action, entity, entity_id, before, after)
       VALUES ($1, $2, 'user.update', 'user', $3, $4, $5), (NULL, NULL, 'user.role', 'user', $6, $7, $8)`,
      [
        admin.id,
        admin.email,
        String(other.id),
        JSON.stringify({ email: 'alt.fremd@firma.example' }),
        JSON.stringify({ email: 'neu.fremd@firma.example' }),
        String(admin.id),
        JSON.stringify({ role: 'company' }),
        JSON.stringify({ role: 'admin' }),
      ],
    );
    const entries = await exportOf(admin);
    const log = jsonOf(entries, 'protokoll.json') as { eintraege: Array<Record<string, unknown>> };
    const aboutOther = log.eintraege.filter((e) => e['entityId'] === String(other.id));
    expect(aboutOther.map((e) => e['action'])).toEqual(['user.block', 'user.update']);
    for (const entry of aboutOther) {
      expect(entry).toMatchObject({ entity: 'user', byThisAccount: true });
      expect(entry).not.toHaveProperty('before');
      expect(entry).not.toHaveProperty('after');
    }
    expect(log.eintraege.find((e) => e['action'] === 'user.role')).toMatchObject({
      before: { role: 'company' },
      after: { role: 'admin' },
    });
    expect(entries.get('protokoll.json')!.toString('utf8')).not.toContain('fremd@firma.example');
  });
});
