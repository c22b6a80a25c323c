import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addCalendarDays,
  CASE_MSG,
  formatDay,
  HEARING_MIN_DAYS,
  viennaDate,
  type AdminPlacementReport,
  type CircumventionCase,
} from '@pb/core';
import { expectRefused, renderWithProviders, stubFetch } from '../../test/harness';
import { OpenCaseDialog } from './OpenCaseDialog';

const report: AdminPlacementReport = {
  id: 41,
  variant: 'company',
  jobId: 5,
  jobTitle: 'Küchenchef/in',
  companyId: 2,
  companyName: 'Muster Gastro GmbH',
  reporterId: 9,
  recruiter: 'Eva Berger',
  recruiterMail: 'eva@gastro.example.at',
  contactPerson: 'Eva Berger',
  placementBonus: 10,
  bonusInForce: 18,
  actualSalary: 60000,
  placementFee: 6000,
  serviceFee: 600,
  street: 'Ringstraße',
  houseNr: '5',
  postalCode: '1010',
  city: 'Wien',
  uid: 'ATU12345678',
  country: 'AT',
  status: 'gemeldet',
  reportedAt: '2026-04-01T08:00:00.000Z',
  invoicedAt: null,
  paidAt: null,
  guaranteeAt: null,
  objectedAt: null,
  objectedBy: null,
  objectionNote: null,
  introductionId: null,
  invoiceNumber: null,
  invoiceUrl: null,
  invoiceGrossCents: null,
  circumvention: {
    at: '2026-04-01T08:00:00.000Z',
    evidence: [
      {
        introductionId: 12,
        consultantId: 4,
        introducedAt: '2026-03-02T09:15:00.000Z',
        claim: 'live',
        matchedBy: [],
        basis: 'advertisement',
      },
    ],
  },
  flags: [],
  needsReview: true,
  review: null,
  dueDate: null,
  guaranteeUntil: '2026-05-31',
  refund: null,
};

const today = viennaDate(new Date());
const deadline = addCalendarDays(today, HEARING_MIN_DAYS);
const opened = { id: 7, companyName: 'Muster Gastro GmbH', deadline } as CircumventionCase;

const fetchMock = stubFetch();
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const openings = () =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/admin/circumvention-cases' && init?.method === 'POST');

/** The introduction (its agency's name for the draft), and what opening answers. */
function serve(open: () => Promise<Response> = () => json({ data: opened, meta: {} }, 201)) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/introductions/12')
      return json({ data: { id: 12, agency: { id: 3, name: 'Alpha Personal GmbH' } } });
    if (url === '/api/admin/circumvention-cases' && init?.method === 'POST') return open();
    return Promise.reject(new Error(`no request expected: ${url}`));
  });
}

beforeAll(() => {
  // happy-dom lays nothing out: every element counts as shown for the dialog's focus trap.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
});

async function renderDialog() {
  renderWithProviders(<OpenCaseDialog report={report} onClose={() => {}} />, '/admin/placements');
  const dialog = await screen.findByRole('dialog', { name: 'Umgehungsverfahren eröffnen' });
  const letter = within(dialog).getByLabelText('Anhörungsschreiben') as HTMLTextAreaElement;
  await vi.waitFor(() => expect(letter.value).toContain('Alpha Personal GmbH'));
  return { dialog, letter, user: userEvent.setup() };
}

describe('OpenCaseDialog', () => {
  it('When the office opens it, then the introduction, the shortest deadline and a letter drafted from the facts are filled in', async () => {
    serve();
    const { dialog, letter } = await renderDialog();
    const introduction = within(dialog).getByLabelText('Vorstellung, um deren Anspruch es geht') as HTMLSelectElement;
    expect(introduction.value).toBe('12');
    expect(introduction.selectedOptions[0]!.textContent).toContain('Vorstellung Nr. 12 vom 02.03.2026');
    expect((within(dialog).getByLabelText('Frist zur Stellungnahme') as HTMLInputElement).value).toBe(deadline);
    expect(letter.value).toContain('die Personalberatung Alpha Personal GmbH hat Ihnen am 02.03.2026');
    expect(letter.value).toContain('„Küchenchef/in“');
    expect(letter.value).toContain(`bis ${formatDay(deadline)} schriftlich Stellung`);
  });

  it('When the deadline is too short, then the field says so and nothing is asked or sent', async () => {
    serve();
    const { dialog, user } = await renderDialog();
    const field = within(dialog).getByLabelText('Frist zur Stellungnahme');
    fireEvent.change(field, { target: { value: addCalendarDays(today, HEARING_MIN_DAYS - 1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));
    expectRefused(field, CASE_MSG.deadlineInvalid);
    expect(within(dialog).queryByTestId('open-case-confirm')).toBeNull();
    expect(openings()).toHaveLength(0);
  });

  it('When the office sends the hearing, then it is asked first in the dialog, can go back to its letter, and is told which case was opened', async () => {
    serve();
    const { dialog, letter, user } = await renderDialog();
    await user.type(letter, '\nPS: Bitte Unterlagen beilegen.');
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));
    const confirm = within(dialog).getByTestId('open-case-confirm');
    expect(confirm.textContent).toContain('Anhörung an Muster Gastro GmbH senden?');
    expect(confirm.textContent).toContain(`Frist zur Stellungnahme bis ${formatDay(deadline)}`);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(openings()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    const kept = within(dialog).getByLabelText('Anhörungsschreiben') as HTMLTextAreaElement;
    expect(kept.value).toContain('PS: Bitte Unterlagen beilegen.');
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));

    const done = await within(dialog).findByTestId('case-opened');
    expect(done.textContent).toContain('Umgehungsverfahren Nr. 7 eröffnet.');
    expect(within(done).getByRole('link', { name: 'Zu den Umgehungsverfahren' }).getAttribute('href')).toBe(
      '/admin/circumvention-cases',
    );
    const sent = JSON.parse(String(openings()[0]![1]!.body)) as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({ placementReportId: 41, introductionId: 12, deadline });
    expect(String(sent.data['letter'])).toContain('PS: Bitte Unterlagen beilegen.');
  });

  it('When a case already runs on the report, then the server’s message is shown as it is', async () => {
    serve(() => json({ error: { message: CASE_MSG.caseExists(7) } }, 409));
    const { dialog, user } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Anhörung senden' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CASE_MSG.caseExists(7));
    expect(within(dialog).queryByTestId('case-opened')).toBeNull();
  });
});
