import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ALLOCATION_METHOD_LABELS,
  formatDateTime,
  formatIban,
  PAYMENT_MSG,
  PAYMENT_STATE_LABELS,
  type BankStatementImport,
  type IncomingPayment,
} from '@pb/core';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { day, euro } from '../../components/billing/format';
import styles from '../../components/billing/billing.module.css';
import { ErrorLine, Loading, PageHeader } from './components';
import { TableFrame } from './ResponsiveTable';
import { AssignPaymentDialog, ClearPaymentDialog } from './PaymentDialogs';
import {
  useAssignPayment,
  useBankStatements,
  useClearPayment,
  useImportBankStatement,
  usePayments,
} from './api/payments';

/**
 * Back office 'Zahlungen' (issue 34): import the bank's statement (camt.053/054), see what it
 * booked, assign the unclear payments by hand or close them with a reason, and every payment with
 * where it went.
 */

function importSummary(result: BankStatementImport): string {
  const parts = [
    `${result.booked} Zahlungseing${result.booked === 1 ? 'ang' : 'änge'} über ${euro(result.bookedCents)} gebucht`,
    `${result.matched} vollständig zugeordnet`,
    `${result.unclear} unklar`,
  ];
  if (result.alreadyBooked > 0) parts.push(`${result.alreadyBooked} bereits früher gebucht`);
  if (result.skipped > 0) parts.push(`${result.skipped} Abbuchungen oder andere Einträge übergangen`);
  const settled = result.settledReports.length;
  return `${parts.join(', ')}. ${settled === 1 ? '1 Vermittlung ist' : `${settled} Vermittlungen sind`} nun bezahlt.`;
}

function ImportForm() {
  const importing = useImportBankStatement();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [last, setLast] = useState<BankStatementImport | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(PAYMENT_MSG.statementFileMissing);
      return;
    }
    setProblem(null);
    askFirst({
      title: 'Kontoauszug importieren',
      body: (
        <p className="mb-0 text-break">
          „{file.name}“ wird gelesen; jeder Zahlungseingang wird einmal gebucht und, wo sie eine Zahlungsreferenz oder
          Rechnungsnummer nennt, der Rechnung zugeordnet. Gebuchte Zahlungen lassen sich nicht zurücknehmen.
        </p>
      ),
      confirmLabel: 'Importieren und buchen',
      action: async () => {
        const result = await importing.mutateAsync(file);
        setLast(result);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      success: 'Der Kontoauszug wurde importiert.',
    });
  };
  return (
    <section aria-labelledby="pb-import" className="mb-4">
      <h2 id="pb-import" className="h5">
        Kontoauszug importieren
      </h2>
      <Form onSubmit={submit} noValidate className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="pb-statement-file" className="flex-grow-1" style={{ minWidth: '16rem' }}>
          <Form.Label>Datei im Format camt.053 oder camt.054 (XML)</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            accept=".xml,application/xml,text/xml"
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            isInvalid={Boolean(problem)}
            aria-describedby={problem ? 'pb-statement-file-problem' : undefined}
          />
        </Form.Group>
        <Button type="submit">Importieren</Button>
      </Form>
      {problem ? (
        <div id="pb-statement-file-problem" className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      ) : null}
      {last ? (
        <Alert variant={last.unclear > 0 ? 'warning' : 'success'} className="mt-3 mb-0" data-testid="import-result">
          <strong>Auszug {last.statementIds.join(', ')}:</strong> {importSummary(last)}
        </Alert>
      ) : null}
    </section>
  );
}

function Allocations({ payment }: { payment: IncomingPayment }) {
  if (payment.allocations.length === 0) return <>–</>;
  return (
    <ul className="list-unstyled mb-0">
      {payment.allocations.map((a, i) => (
        <li key={i}>
          {euro(a.cents)} → Rechnung {a.invoiceNumber}{' '}
          <span className="text-body-secondary">({ALLOCATION_METHOD_LABELS[a.method]})</span>
        </li>
      ))}
    </ul>
  );
}

function PaymentRows({
  payments,
  actions,
}: {
  payments: IncomingPayment[];
  actions?: (p: IncomingPayment) => ReactNode;
}) {
  return (
    <TableFrame>
      <table className={`table align-middle mb-0 ${styles.table}`}>
        <thead>
          <tr>
            <th scope="col">Gebucht am</th>
            <th scope="col">Auftraggeber</th>
            <th scope="col">Verwendungszweck</th>
            <th scope="col" className="text-end">
              Betrag
            </th>
            <th scope="col">Zugeordnet</th>
            <th scope="col">{actions ? 'Offen' : 'Status'}</th>
            {actions ? <th scope="col">Aktionen</th> : null}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id} data-testid={`payment-${p.id}`}>
              <td data-label="Gebucht am">{day(p.bookedOn)}</td>
              <td data-label="Auftraggeber" className="text-break">
                {p.debtorName ?? (p.source === 'manuell' ? 'Von Hand erfasst' : '–')}
                {p.debtorIban ? <div className="small text-body-secondary">{formatIban(p.debtorIban)}</div> : null}
              </td>
              <td data-label="Verwendungszweck" className="text-break">
                {[p.reference, p.remittance].filter(Boolean).join(' · ') || '–'}
              </td>
              <td data-label="Betrag" className="text-end text-nowrap">
                {euro(p.amountCents)}
              </td>
              <td data-label="Zugeordnet">
                <Allocations payment={p} />
              </td>
              <td data-label={actions ? 'Offen' : 'Status'}>
                {actions ? euro(p.unallocatedCents) : PAYMENT_STATE_LABELS[p.state]}
                {p.clearedReason ? <div className="small text-body-secondary">{p.clearedReason}</div> : null}
              </td>
              {actions ? <td data-label="Aktionen">{actions(p)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

export function Component() {
  const unclear = usePayments('unklar');
  const all = usePayments('alle');
  const statements = useBankStatements();
  const assign = useAssignPayment();
  const clear = useClearPayment();
  const [assigning, setAssigning] = useState<IncomingPayment | null>(null);
  const [clearing, setClearing] = useState<IncomingPayment | null>(null);
  return (
    <>
      <PageHeader title="Zahlungen" />
      <ErrorLine error={unclear.error ?? all.error ?? statements.error} />
      <ImportForm />
      <section aria-labelledby="pb-unclear" className="mb-4">
        <h2 id="pb-unclear" className="h5">
          Unklare Zahlungen
        </h2>
        {unclear.isPending ? (
          <Loading />
        ) : (unclear.data ?? []).length === 0 ? (
          <p className="text-body-secondary">Keine unklaren Zahlungen.</p>
        ) : (
          <PaymentRows
            payments={unclear.data ?? []}
            actions={(p) => (
              <div className="d-flex flex-wrap gap-2">
                <Button size="sm" onClick={() => setAssigning(p)}>
                  Zuordnen
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => setClearing(p)}>
                  Als erledigt markieren
                </Button>
              </div>
            )}
          />
        )}
      </section>
      <section aria-labelledby="pb-statements" className="mb-4">
        <h2 id="pb-statements" className="h5">
          Importierte Kontoauszüge
        </h2>
        {(statements.data ?? []).length === 0 ? (
          <p className="text-body-secondary">Noch kein Kontoauszug importiert.</p>
        ) : (
          <TableFrame>
            <table className={`table align-middle mb-0 ${styles.table}`}>
              <thead>
                <tr>
                  <th scope="col">Importiert am</th>
                  <th scope="col">Art</th>
                  <th scope="col">Auszug</th>
                  <th scope="col">Datei</th>
                  <th scope="col" className="text-end">
                    Gebucht
                  </th>
                </tr>
              </thead>
              <tbody>
                {(statements.data ?? []).map((s) => (
                  <tr key={s.id}>
                    <td data-label="Importiert am">{formatDateTime(s.importedAt)}</td>
                    <td data-label="Art">{s.kind}</td>
                    <td data-label="Auszug" className="text-break">
                      {s.statementIds.join(', ')}
                    </td>
                    <td data-label="Datei" className="text-break">
                      {s.fileName}
                    </td>
                    <td data-label="Gebucht" className="text-end text-nowrap">
                      {s.booked} · {euro(s.bookedCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      <section aria-labelledby="pb-payments" className="mb-4">
        <h2 id="pb-payments" className="h5">
          Alle Zahlungseingänge
        </h2>
        {all.isPending ? <Loading /> : <PaymentRows payments={all.data ?? []} />}
      </section>
      {assigning ? (
        <AssignPaymentDialog
          payment={assigning}
          busy={assign.isPending}
          error={assign.error}
          onCancel={() => {
            assign.reset();
            setAssigning(null);
          }}
          onSubmit={(assignment) =>
            assign.mutate(
              { id: assigning.id, assignment },
              {
                onSuccess: () => {
                  setAssigning(null);
                  showSuccess(`${euro(assignment.cents)} wurden Rechnung ${assignment.invoiceNumber} zugeordnet.`);
                },
              },
            )
          }
        />
      ) : null}
      {clearing ? (
        <ClearPaymentDialog
          payment={clearing}
          busy={clear.isPending}
          error={clear.error}
          onCancel={() => {
            clear.reset();
            setClearing(null);
          }}
          onSubmit={(clearingInput) =>
            clear.mutate(
              { id: clearing.id, clearing: clearingInput },
              {
                onSuccess: () => {
                  setClearing(null);
                  showSuccess('Die Zahlung ist als erledigt markiert.');
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
