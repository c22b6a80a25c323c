import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDay, PAYOUT_MSG, viennaDate, type PayoutBatch, type PayoutItem } from '@pb/core';
import { FeedbackHost } from '../../components/feedback/FeedbackHost';
import { resetFeedback } from '../../components/feedback/feedback';
import { description, expectRefused, renderWithProviders } from '../../test/harness';
import { Component as PayoutsPage } from './PayoutsPage';

const item = (id: number, payeeName: string, amountCents: number, accountKnown = true): PayoutItem => ({
  id,
  kind: 'praemie',
  placementReportId: 100 + id,
  jobTitle: 'Bauleiter/in',
  payeeName,
  amountCents,
  dueOn: '2026-04-01',
  state: 'faellig',
  document: { number: `GS-2026-00000${id}`, url: `/api/credit-notes/${id}/pdf` },
  creditNoteId: id,
  paidOn: null,
  failureReason: null,
  batchId: null,
  accountKnown,
  accountIban: accountKnown ? 'AT022050302101023600' : null,
  // The first was changed just now: the office is warned before it pays to it.
  accountChangedAt: accountKnown ? (id === 1 ? new Date().toISOString() : '2026-01-05T10:00:00.000Z') : null,
  objection: null,
});

const OPEN = [
  item(1, 'Alpha Personal GmbH', 150_000),
  item(2, 'Beta Recruiting OG', 90_050),
  item(3, 'Gamma KG', 5_000, false),
  {
    ...item(4, 'Delta Personal GmbH', 70_000),
    objection: {
      reason: 'Die Prämie war 18 %.',
      objectedAt: '2026-04-02T08:00:00.000Z',
      resolution: null,
      resolvedAt: null,
    },
  },
  {
    ...item(5, 'Epsilon Recruiting', 30_000),
    objection: {
      reason: 'Falsche UID',
      objectedAt: '2026-04-02T08:00:00.000Z',
      resolution: 'UID-Nummer korrigiert.',
      resolvedAt: '2026-04-03T08:00:00.000Z',
    },
  },
];

const created: PayoutBatch = {
  id: 9,
  messageId: 'PB-20260402-0009',
  executionDate: viennaDate(new Date()),
  itemCount: 2,
  totalCents: 240_050,
  createdAt: '2026-04-02T08:00:00.000Z',
  fileUrl: '/api/admin/payout-batches/9/file',
  items: [],
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');

beforeAll(() => {
  // happy-dom lays nothing out: every element counts as shown for the dialog's focus trap.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/admin/payout-items?state=offen') return json({ data: OPEN, meta: {} });
    if (url === '/api/admin/payout-batches' && init?.method === 'POST') return json({ data: created, meta: {} }, 201);
    if (url === '/api/admin/payout-batches') return json({ data: [], meta: {} });
    if (url === '/api/admin/payout-items/settle') return json({ data: { settled: 3 }, meta: {} });
    if (url === '/api/admin/credit-notes/4/objection' && init?.method === 'PUT') {
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  act(() => resetFeedback());
  vi.unstubAllGlobals();
});

async function renderPage() {
  renderWithProviders(
    <>
      <PayoutsPage />
      <FeedbackHost />
    </>,
    '/admin/payouts',
  );
  await screen.findByTestId('payout-item-1');
  return userEvent.setup();
}

describe('Back office PayoutsPage', () => {
  it('When a payout has no account, then its box is disabled and says why', async () => {
    await renderPage();
    const box = screen.getByRole('checkbox', { name: 'Auszahlung Nr. 3 an Gamma KG auswählen' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Kein Konto');
  });

  it('When an agency objected to a credit note, then its payout cannot be selected until the office resolved the objection with a note, asked in a dialog and confirmed after', async () => {
    const user = await renderPage();
    const box = screen.getByRole('checkbox', { name: 'Auszahlung Nr. 4 an Delta Personal GmbH auswählen' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(description(box)).toBe('Widerspruch offen');
    expect(screen.getByTestId('payout-item-4').textContent).toContain('Widerspruch: Die Prämie war 18 %.');
    await user.click(screen.getByRole('button', { name: 'Alle mit Konto auswählen' }));
    expect((box as HTMLInputElement).checked).toBe(false);
    // A resolved objection shows the office's note, and the payout can be paid.
    expect(screen.getByTestId('payout-item-5').textContent).toContain('Erledigt am 03.04.2026: UID-Nummer korrigiert.');
    expect(
      (screen.getByRole('checkbox', { name: 'Auszahlung Nr. 5 an Epsilon Recruiting auswählen' }) as HTMLInputElement)
        .checked,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Widerspruch erledigen: Gutschrift GS-2026-000004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Widerspruch erledigen' });
    expect(dialog.textContent).toContain('Die Prämie war 18 %.');
    const resolution = within(dialog).getByLabelText('Wie wurde der Widerspruch erledigt?');
    await user.click(within(dialog).getByRole('button', { name: 'Als erledigt vermerken' }));
    expectRefused(resolution, PAYOUT_MSG.resolutionRequired);
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await user.type(resolution, 'Die Prämie war 20 %; siehe Inserat.');
    await user.click(within(dialog).getByRole('button', { name: 'Als erledigt vermerken' }));
    expect((await screen.findByTestId('success-notice')).textContent).toContain(
      'Der Widerspruch gegen die Gutschrift GS-2026-000004 ist erledigt.',
    );
    expect(puts().map(([url, init]) => [url, JSON.parse(String(init!.body))])).toEqual([
      ['/api/admin/credit-notes/4/objection', { data: { resolution: 'Die Prämie war 20 %; siehe Inserat.' } }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('When a payee changed its account lately, then its row shows the account and warns before paying', async () => {
    await renderPage();
    const fresh = screen.getByTestId('payout-item-1');
    expect(fresh.textContent).toContain('AT02 2050 3021 0102 3600');
    expect(fresh.textContent).toContain('vor der Auszahlung prüfen');
    expect(screen.getByTestId('payout-item-2').textContent).not.toContain('vor der Auszahlung prüfen');
  });

  it('When nothing is selected, then no order is built and the schema says so', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Zahlungsauftrag erstellen' }));
    expect(screen.getByRole('alert').textContent).toBe(PAYOUT_MSG.batchEmpty);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts('/api/admin/payout-batches')).toHaveLength(0);
  });

  it('When the office builds an order, then it is asked with count, sum and day first, and afterwards offered the file', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('checkbox', { name: 'Auszahlung Nr. 1 an Alpha Personal GmbH auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Auszahlung Nr. 2 an Beta Recruiting OG auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Zahlungsauftrag erstellen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Zahlungsauftrag erstellen' });
    const today = formatDay(viennaDate(new Date()));
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(`2 Überweisungen über € 2.400,50 am ${today}`);
    expect(posts('/api/admin/payout-batches')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Zahlungsauftrag erstellen' }));

    const done = await screen.findByTestId('payout-batch-created');
    expect(JSON.parse(String(posts('/api/admin/payout-batches')[0]![1]!.body))).toEqual({
      data: { itemIds: [1, 2], executionDate: viennaDate(new Date()) },
    });
    expect(done.textContent).toContain('PB-20260402-0009');
    expect(
      within(done).getByRole('button', { name: 'Datei des Zahlungsauftrags PB-20260402-0009 herunterladen' }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Der Zahlungsauftrag wurde erstellt.')).toBeTruthy();
  });

  it('When the office settles due shares, then it is asked first and told how many credit notes were issued', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Fällige Prämien abrechnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fällige Prämien abrechnen' });
    expect(posts('/api/admin/payout-items/settle')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Gutschriften ausstellen' }));
    expect((await screen.findByTestId('payout-settled')).textContent).toBe('3 Gutschriften ausgestellt.');
    expect(posts('/api/admin/payout-items/settle')).toHaveLength(1);
  });
});
