import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYOUT_MSG,
  SELF_BILLING_TERMS,
  VAT_STATUS_LABELS,
  type OrganisationKind,
  type PayoutAccount,
  type PayoutItem,
  type PayoutsPage,
} from '@pb/core';
import { FeedbackHost } from '../../components/feedback/FeedbackHost';
import { resetFeedback } from '../../components/feedback/feedback';
import type { Session } from '../../lib/session';
import { expectRefused, renderWithProviders, stubFetch } from '../../test/harness';
import { Component as PayoutsPageComponent } from './PayoutsPage';

let kind: OrganisationKind = 'agency';
vi.mock('../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/session')>()),
  useSession: (): Session => ({
    token: 'token',
    userId: 1,
    username: 'Anna Buchhaltung',
    email: 'anna@example.at',
    role: kind === 'agency' ? 'consultant' : 'company',
    organisation: {
      memberId: 7,
      organisationId: 3,
      organisationName: kind === 'agency' ? 'Muster Personal GmbH' : 'Muster Bau GmbH',
      kind,
      role: 'accounting',
    },
  }),
}));

const stored: PayoutAccount = {
  accountHolder: 'Muster Personal GmbH',
  iban: 'AT611904300234573201',
  bic: null,
  vatStatus: 'kleinunternehmer',
  selfBillingAgreedAt: '2026-03-12T09:00:00.000Z',
  updatedAt: '2026-03-12T09:00:00.000Z',
};

/** An agency's share settled by credit note `GS-2026-00000<id>` (its id 40 + id). */
const share = (id: number, objection: PayoutItem['objection'] = null): PayoutItem => ({
  id,
  kind: 'praemie',
  placementReportId: 100 + id,
  jobTitle: 'Bauleiter/in',
  payeeName: 'Muster Personal GmbH',
  amountCents: 150_000,
  dueOn: '2026-04-01',
  state: 'faellig',
  document: { number: `GS-2026-00000${id}`, url: `/api/credit-notes/${40 + id}/pdf` },
  creditNoteId: 40 + id,
  paidOn: null,
  failureReason: null,
  batchId: null,
  accountKnown: true,
  accountIban: null,
  accountChangedAt: null,
  objection,
});

/** The page's data, and what each PUT answers (the saved account, or a refusal); POSTs answer as the server. */
const fetchMock = stubFetch();
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
function serve(
  account: PayoutAccount | null,
  put: (init: RequestInit | undefined) => Promise<Response> = () => json({ data: stored, meta: {} }),
  items: PayoutItem[] = [],
) {
  let now = account;
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const page: PayoutsPage = { account: now, selfBillingTerms: SELF_BILLING_TERMS, items, pending: [] };
    if (url === '/api/payouts') return json({ data: page, meta: {} });
    if (url === '/api/organisation/payout-account' && init?.method === 'PUT') return put(init);
    if (url === '/api/organisation/self-billing/withdrawal' && init?.method === 'POST') {
      now = { ...stored, selfBillingAgreedAt: null };
      return json({ data: now, meta: {} });
    }
    if (/^\/api\/credit-notes\/\d+\/objection$/.test(url) && init?.method === 'POST') {
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeAll(() => {
  // happy-dom lays nothing out: every element counts as shown for the dialog's focus trap.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
afterEach(() => act(() => resetFeedback()));

async function renderPage() {
  renderWithProviders(
    <>
      <PayoutsPageComponent />
      <FeedbackHost />
    </>,
    '/advertisements/payouts',
  );
  await screen.findByRole('heading', { name: 'Auszahlungskonto' });
  return userEvent.setup();
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Speichern' }));

describe('PayoutsPage: the payout account', () => {
  it('When an agency saves an empty account, then every field says what it needs, the agreement is required, focus is on the account holder and nothing is sent', async () => {
    kind = 'agency';
    serve(null);
    const user = await renderPage();
    const agreement = screen.getByRole('checkbox', { name: SELF_BILLING_TERMS });
    expect(screen.getByRole('group', { name: 'Abrechnung mit Gutschrift' })).toBeTruthy();
    expect(agreement.getAttribute('aria-required')).toBe('true');

    await save(user);

    const holder = screen.getByLabelText('Kontoinhaber/in');
    expectRefused(holder, PAYOUT_MSG.accountHolderRequired);
    expectRefused(screen.getByLabelText('IBAN'), PAYOUT_MSG.ibanInvalid);
    expectRefused(screen.getByLabelText(VAT_STATUS_LABELS.regelbesteuert), PAYOUT_MSG.vatStatusInvalid);
    expectRefused(agreement, PAYOUT_MSG.selfBillingRequired);
    expect(screen.getByLabelText('BIC (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(PAYOUT_MSG.accountHolderRequired);
    expect(document.activeElement).toBe(holder);
    expect(puts()).toHaveLength(0);
  });

  it('When the agency fills the account and agrees, then the request carries the parsed account, taxation and agreement, and the page says it was saved and since when it agreed', async () => {
    kind = 'agency';
    serve(null);
    const user = await renderPage();
    await user.type(screen.getByLabelText('Kontoinhaber/in'), 'Muster Personal GmbH');
    await user.type(screen.getByLabelText('IBAN'), 'at61 1904 3002 3457 3201');
    await user.click(screen.getByLabelText(VAT_STATUS_LABELS.kleinunternehmer));
    await save(user);
    // Without the agreement only the checkbox is refused.
    expectRefused(screen.getByRole('checkbox', { name: SELF_BILLING_TERMS }), PAYOUT_MSG.selfBillingRequired);
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBeNull();
    expect(puts()).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: SELF_BILLING_TERMS }));
    await save(user);

    expect(await screen.findByText('Auszahlungskonto gespeichert.')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({
      data: {
        accountHolder: 'Muster Personal GmbH',
        iban: 'AT611904300234573201',
        bic: null,
        vatStatus: 'kleinunternehmer',
        selfBillingAgreed: true,
      },
    });
    expect(screen.getByTestId('self-billing-agreed').textContent).toBe(
      'Der Abrechnung mit Gutschrift zugestimmt am 12.03.2026.',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('When the agency agreed before, then it sees since when and no checkbox, and saving sends no agreement again', async () => {
    kind = 'agency';
    serve(stored);
    const user = await renderPage();
    expect(screen.getByTestId('self-billing-agreed').textContent).toContain('12.03.2026');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('AT61 1904 3002 3457 3201');
    await save(user);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]!.body)).data).not.toHaveProperty('selfBillingAgreed');
  });

  it('When a company saves, then it has no taxation or agreement, and the server’s refusal stands beside its field', async () => {
    kind = 'company';
    serve(null, () => json({ error: { message: PAYOUT_MSG.bicInvalid } }, 400));
    const user = await renderPage();
    expect(screen.queryByRole('group', { name: 'Besteuerung' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.type(screen.getByLabelText('Kontoinhaber/in'), 'Muster Bau GmbH');
    await user.type(screen.getByLabelText('IBAN'), 'AT61 1904 3002 3457 3201');
    await save(user);

    await waitFor(() => expectRefused(screen.getByLabelText('BIC (optional)'), PAYOUT_MSG.bicInvalid));
    expect(JSON.parse(String(puts()[0]![1]!.body)).data).toEqual({
      accountHolder: 'Muster Bau GmbH',
      iban: 'AT611904300234573201',
      bic: null,
    });
    expect(screen.queryByText('Auszahlungskonto gespeichert.')).toBeNull();
  });
});

describe('PayoutsPage: the agency’s word on self-billing', () => {
  it('When the agency objects to a credit note, then the dialog says what it does and asks for a reason, and only then is the objection sent and confirmed', async () => {
    kind = 'agency';
    serve(stored, undefined, [
      share(1),
      share(2, {
        reason: 'Falsche Prämie',
        objectedAt: '2026-04-02T08:00:00.000Z',
        resolution: null,
        resolvedAt: null,
      }),
      share(3, {
        reason: 'Falsche UID',
        objectedAt: '2026-04-02T08:00:00.000Z',
        resolution: 'Die UID-Nummer ist korrigiert.',
        resolvedAt: '2026-04-03T08:00:00.000Z',
      }),
    ]);
    const user = await renderPage();
    // One already objected to and waiting, one resolved: neither can be objected to again.
    const waiting = screen.getByTestId('payout-2');
    expect(waiting.textContent).toContain('Widersprochen am 02.04.2026');
    expect(waiting.textContent).toContain('wartet, bis das Backoffice den Widerspruch erledigt');
    expect(screen.getByTestId('payout-3').textContent).toContain(
      'Erledigt am 03.04.2026: Die UID-Nummer ist korrigiert.',
    );
    expect(screen.getAllByRole('button', { name: /^Widersprechen/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Widersprechen: Gutschrift GS-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der Gutschrift widersprechen' });
    expect(dialog.textContent).toContain('Die Gutschrift gilt dann nicht mehr als Ihre Rechnung');
    const reason = within(dialog).getByLabelText('Begründung');
    expect(reason.getAttribute('maxlength')).toBe('2000');
    await user.click(within(dialog).getByRole('button', { name: 'Widerspruch senden' }));
    expectRefused(reason, PAYOUT_MSG.objectionReasonRequired);
    expect(posts()).toHaveLength(0);

    await user.type(reason, 'Vereinbart waren 18 %.');
    await user.click(within(dialog).getByRole('button', { name: 'Widerspruch senden' }));

    expect((await screen.findByTestId('success-notice')).textContent).toContain(
      'Ihr Widerspruch wurde an das Backoffice gesendet.',
    );
    expect(posts().map(([url, init]) => [url, JSON.parse(String(init!.body))])).toEqual([
      ['/api/credit-notes/41/objection', { data: { reason: 'Vereinbart waren 18 %.' } }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('When the agency withdraws its agreement, then it is asked first, told afterwards, and may keep its account without agreeing or agree again', async () => {
    kind = 'agency';
    // The server answers the account as saved: agreed only when the request agrees.
    serve(stored, (init) => {
      const { data } = JSON.parse(String(init!.body)) as { data: { selfBillingAgreed?: boolean } };
      return json({
        data: { ...stored, selfBillingAgreedAt: data.selfBillingAgreed ? stored.selfBillingAgreedAt : null },
      });
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Zustimmung widerrufen' }));
    const ask = await screen.findByRole('dialog', { name: 'Zustimmung widerrufen' });
    expect(ask.textContent).toContain('keine weiteren Gutschriften');
    expect(ask.textContent).toContain('Bereits ausgestellte Gutschriften bleiben gültig');
    expect(posts()).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Zustimmung widerrufen' }));

    expect((await screen.findByTestId('success-notice')).textContent).toContain(
      'Ihre Zustimmung zur Abrechnung mit Gutschrift wurde widerrufen.',
    );
    expect(posts().map(([url]) => url)).toEqual(['/api/organisation/self-billing/withdrawal']);
    expect(screen.queryByTestId('self-billing-agreed')).toBeNull();
    expect(screen.getByTestId('self-billing-not-agreed').textContent).toContain('Um wieder zuzustimmen');
    const agreement = screen.getByRole('checkbox', { name: SELF_BILLING_TERMS });
    expect(agreement.getAttribute('aria-required')).toBe('false');

    // The account is kept without agreeing …
    await save(user);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]!.body)).data.selfBillingAgreed).toBe(false);
    expect(agreement.getAttribute('aria-invalid')).toBeNull();
    // … and agreeing again is saving with the agreement.
    await user.click(screen.getByRole('checkbox', { name: SELF_BILLING_TERMS }));
    await save(user);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(JSON.parse(String(puts()[1]![1]!.body)).data.selfBillingAgreed).toBe(true);
    expect((await screen.findByTestId('self-billing-agreed')).textContent).toContain('12.03.2026');
  });
});
