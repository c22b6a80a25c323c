import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addCalendarMonths, viennaDate } from '@pb/core';
import { renderWithProviders, stubFetch } from '../../test/harness';
import { AccountingExport } from './AccountingExport';

/** The office's booking export: the month before by default, the format chosen, the file fetched with the token. */

const fetchMock = stubFetch();

describe('AccountingExport', () => {
  it('When the office downloads the DATEV file of a month, then the export is fetched for that month and format', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    // jsdom has no object URLs; a subclass in place of the global (restored after the test).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    fetchMock.mockResolvedValue(new Response('x', { status: 200 }));
    renderWithProviders(<AccountingExport />, '/admin/billing');
    const previous = addCalendarMonths(`${viennaDate(new Date()).slice(0, 7)}-01`, -1).slice(0, 7);
    expect((screen.getByLabelText('Monat') as HTMLSelectElement).value).toBe(previous);
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'datev' } });
    fireEvent.click(screen.getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/admin/accounting-export?month=${previous}&format=datev`);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('When the server refuses, then the page says the export could not be made', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    renderWithProviders(<AccountingExport />, '/admin/billing');
    fireEvent.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Der Buchungsexport konnte nicht erstellt werden.',
    );
  });
});
