import { describe, expect, it } from 'vitest';
import { PAYOUT_MSG, type PayoutItem } from '@pb/core';
import { DUE_AFTER_DAYS, payoutSuite } from '../../../test/support/payouts';

/**
 * Issue 34: the agency keeps its word on self-billing (§ 11 (7) UStG). It objects to a credit
 * note: the payout waits until the office resolved the objection with a note the agency is mailed;
 * nobody else can object for it. It withdraws its agreement: no further credit note is issued until
 * it agrees again, and it may still keep its account up to date.
 */

const s = payoutSuite();
const { ctx, admin, company, consultant } = s;

const openItems = async (): Promise<PayoutItem[]> =>
  (await s.call(admin.token, 'GET', '/api/admin/payout-items')).json().data as PayoutItem[];
const objectTo = (token: string, creditNoteId: number, reason: string) =>
  s.call(token, 'POST', `/api/credit-notes/${creditNoteId}/objection`, { reason });
const mails = (to: string, event: string) =>
  ctx.database.query<{ text: string }>(
    'SELECT text_body AS text FROM mail_outbox WHERE to_address = $1 AND event = $2 ORDER BY id',
    [to, event],
  );

describe('objections to credit notes', () => {
  it('When the agency objects to a credit note, then its payout waits until the office resolved it; nobody else can object and nothing twice', async () => {
    await s.agencyIdentity(consultant);
    expect((await s.payoutAccount(consultant)).statusCode).toBe(200);
    await s.paidPlacement('Oberkellner', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBe(1);
    const item = (await openItems())[0]!;
    const noteId = item.creditNoteId!;
    expect(item.document.url).toBe(`/api/credit-notes/${noteId}/pdf`);

    // The company, the office and an empty reason are refused; the agency objects once.
    expect((await objectTo(company.token, noteId, 'Nicht unsere')).statusCode).toBe(404);
    expect((await objectTo(admin.token, noteId, 'Office')).statusCode).toBe(403);
    expect((await objectTo(consultant.token, noteId, '  ')).json().error.message).toBe(
      PAYOUT_MSG.objectionReasonRequired,
    );
    expect((await objectTo(consultant.token, noteId, 'Die Prämie war 18 %, nicht 20 %.')).statusCode).toBe(204);
    const twice = await objectTo(consultant.token, noteId, 'Nochmals');
    expect(twice.json().error.message).toBe(PAYOUT_MSG.objectionExists);
    expect((await mails(ctx.config.officeEmail, 'payouts.credit_note_objection')).at(-1)!.text).toContain('18 %');

    const held = (await openItems()).find((i) => i.id === item.id)!;
    expect(held.objection).toMatchObject({ reason: 'Die Prämie war 18 %, nicht 20 %.', resolution: null });
    const build = () =>
      s.call(admin.token, 'POST', '/api/admin/payout-batches', { itemIds: [item.id], executionDate: s.today() });
    const refused = await build();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PAYOUT_MSG.itemObjected(item.id, item.document.number));

    const resolve = (resolution: string) =>
      s.call(admin.token, 'PUT', `/api/admin/credit-notes/${noteId}/objection`, { resolution });
    expect((await resolve('')).statusCode).toBe(400);
    expect((await resolve('Die Prämie war 20 %; siehe Meldung und Inserat.')).statusCode).toBe(204);
    expect((await resolve('Nochmals')).json().error.message).toBe(PAYOUT_MSG.objectionResolved);
    expect((await mails(consultant.email, 'payouts.credit_note_objection_resolved')).at(-1)!.text).toContain(
      'siehe Meldung',
    );
    expect((await build()).statusCode).toBe(201);
  });

  it('When the agency withdraws its agreement, then no credit note is issued until it agrees again, and it may still change its account', async () => {
    const withdraw = () => s.call(consultant.token, 'POST', '/api/organisation/self-billing/withdrawal');
    const withdrawn = await withdraw();
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.selfBillingAgreedAt).toBeNull();
    expect((await withdraw()).json().error.message).toBe(PAYOUT_MSG.selfBillingNotAgreed);
    expect((await s.call(company.token, 'POST', '/api/organisation/self-billing/withdrawal')).statusCode).toBe(400);

    await s.paidPlacement('Chef de Rang', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBe(0);
    expect((await s.payoutsPage(consultant)).pending[0]!.reason).toBe(
      'Bitte stimmen Sie der Abrechnung mit Gutschrift zu.',
    );
    const changed = await s.payoutAccount(consultant, { iban: 'AT022050302101023600', selfBillingAgreed: undefined });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.selfBillingAgreedAt).toBeNull();

    expect(
      (await s.payoutAccount(consultant, { selfBillingAgreed: true })).json().data.selfBillingAgreedAt,
    ).not.toBeNull();
    expect(await s.settle(admin)).toBe(1);
  });
});
