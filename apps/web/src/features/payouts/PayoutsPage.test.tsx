import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYOUT_MSG,
  SELF_BILLING_TERMS,
  VAT_STATUS_LABELS,
  type OrganisationKind,
  type PayoutAccount,
  type PayoutsPage,
} from '@pb/core';
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

const pageOf = (account: PayoutAccount | null): PayoutsPage => ({
  account,
  selfBillingTerms: SELF_BILLING_TERMS,
  items: [],
  pending: [],
});

/** The page's data, and what each PUT answers (the saved account, or a refusal). */
const fetchMock = stubFetch();
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
function serve(account: PayoutAccount | null, put: () => Promise<Response> = () => json({ data: stored, meta: {} })) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/payouts') return json({ data: pageOf(account), meta: {} });
    if (url === '/api/organisation/payout-account' && init?.method === 'PUT') return put();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

async function renderPage() {
  renderWithProviders(<PayoutsPageComponent />, '/advertisements/payouts');
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
