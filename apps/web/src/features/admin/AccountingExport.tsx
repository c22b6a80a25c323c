import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ACCOUNTING_FORMAT_LABELS,
  ACCOUNTING_FORMATS,
  accountingExportFileName,
  addCalendarMonths,
  viennaDate,
  type AccountingFormat,
} from '@pb/core';
import { showSuccess } from '../../components/feedback/feedback';
import { downloadWithToken } from '../../lib/download';
import { ErrorLine } from './components';

// de-AT: 'Jänner 2027'.
const MONTH_FORMAT = new Intl.DateTimeFormat('de-AT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The current month and the eleven before it, newest first ('2026-11'). */
function recentMonths(today: string): string[] {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: 12 }, (_, i) => addCalendarMonths(first, -i).slice(0, 7));
}

const monthLabel = (month: string) => MONTH_FORMAT.format(new Date(`${month}-01T12:00:00Z`));

/**
 * Back office 'Buchungsexport' (issue 34, docs/accounting-export.md): a month's invoices, credit
 * notes, payments and payouts for the tax adviser, as BMD NTCS or DATEV file.
 */
export function AccountingExport() {
  const id = useId();
  const months = recentMonths(viennaDate(new Date()));
  // The month before is the one usually handed over; the current one runs on.
  const [month, setMonth] = useState(months[1]!);
  const [format, setFormat] = useState<AccountingFormat>('bmd');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await downloadWithToken(
        `/api/admin/accounting-export?month=${month}&format=${format}`,
        'Der Buchungsexport konnte nicht erstellt werden.',
        accountingExportFileName(month, format),
      );
      showSuccess(`Der Buchungsexport für ${monthLabel(month)} wurde heruntergeladen.`);
    } catch (error) {
      setFailed(error instanceof Error ? error : new Error('Der Buchungsexport konnte nicht erstellt werden.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        Buchungsexport für die Steuerberatung
      </h2>
      <p className="small text-body-secondary">
        Rechnungen, Gutschriften, Zahlungseingänge und Auszahlungen eines Monats als Buchungsdatei.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`${id}-month`}>
          <Form.Label className="small mb-1">Monat</Form.Label>
          <Form.Select size="sm" value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-format`}>
          <Form.Label className="small mb-1">Format</Form.Label>
          <Form.Select size="sm" value={format} onChange={(e) => setFormat(e.target.value as AccountingFormat)}>
            {ACCOUNTING_FORMATS.map((f) => (
              <option key={f} value={f}>
                {ACCOUNTING_FORMAT_LABELS[f]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" disabled={busy} onClick={() => void download()}>
          Herunterladen
        </Button>
      </div>
      <ErrorLine error={failed} />
    </section>
  );
}
