import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  formatDateTime,
  formatDay,
  formatIban,
  PAYOUT_ACCOUNT_RECENT_DAYS,
  PAYOUT_ITEM_KIND_LABELS,
  payoutBatchRequestSchema,
  viennaDate,
  type PayoutBatch,
  type PayoutBatchRequest,
  type PayoutItem,
} from '@pb/core';
import { askFirst } from '../../components/feedback/feedback';
import { PdfButton } from '../../components/billing/InvoiceDownload';
import { day, euro } from '../../components/billing/format';
import { PayoutDocument, PayoutStatus } from '../../components/billing/PayoutCells';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import { useSchemaSubmit } from '../../lib/useSchemaSubmit';
import { ErrorLine, Loading, PageHeader } from './components';
import { cell, ResponsiveTable } from './ResponsiveTable';
import { PayoutBatches } from './PayoutBatches';
import { objectionOpen, ObjectionLines, ResolveObjectionDialog } from './PayoutObjection';
import { useCreatePayoutBatch, usePayoutBatches, usePayoutItems, useSettleDueShares } from './api/payouts';

/**
 * Back office 'Auszahlungen' (issue 34): settle the agency shares that are due (credit notes), pick
 * the open payouts for a SEPA payment order (pain.001) and record what the bank did with each
 * transfer; resolve an agency's objection to a credit note, which holds its payout meanwhile.
 * Every step that moves money asks first and says what happened.
 */

const transfers = (n: number) => (n === 1 ? '1 Überweisung' : `${n} Überweisungen`);
const creditNotes = (n: number) => (n === 1 ? '1 Gutschrift' : `${n} Gutschriften`);

/** An account to pay it to and no open objection: the payout may go into a payment order. */
const payableItem = (item: PayoutItem) => item.accountKnown && !objectionOpen(item);

function SettleButton({ onSettled }: { onSettled: (settled: number) => void }) {
  const settle = useSettleDueShares();
  return (
    <Button
      onClick={() =>
        askFirst({
          title: 'Fällige Prämien abrechnen',
          body: (
            <p className="mb-0">
              Für jede Vermittlungsprämie, die jetzt fällig ist, wird die Gutschrift ausgestellt und der
              Personalberatung zugesandt; die Auszahlung steht danach unter „Offene Auszahlungen“. Ausgestellte
              Gutschriften lassen sich nicht zurücknehmen.
            </p>
          ),
          confirmLabel: 'Gutschriften ausstellen',
          action: async () => onSettled(await settle.mutateAsync()),
          success: 'Die fälligen Prämien wurden abgerechnet.',
        })
      }
    >
      Fällige Prämien abrechnen
    </Button>
  );
}

/** Why a payout cannot be selected: each reason an element its checkbox is described by. */
function Unpayable({ item }: { item: PayoutItem }) {
  return (
    <>
      {item.accountKnown ? null : (
        <span id={`pb-payout-no-account-${item.id}`} className="d-block small text-danger-emphasis">
          Kein Konto
        </span>
      )}
      {objectionOpen(item) ? (
        <span id={`pb-payout-objected-${item.id}`} className="d-block small text-danger-emphasis">
          Widerspruch offen
        </span>
      ) : null}
    </>
  );
}

const unpayableIds = (item: PayoutItem) =>
  [
    item.accountKnown ? null : `pb-payout-no-account-${item.id}`,
    objectionOpen(item) ? `pb-payout-objected-${item.id}` : null,
  ]
    .filter(Boolean)
    .join(' ') || undefined;

function OpenItems({
  items,
  selected,
  onToggle,
  onResolve,
}: {
  items: PayoutItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onResolve: (item: PayoutItem) => void;
}) {
  return (
    <ResponsiveTable
      columns={['Auswahl', 'Empfänger', 'Art', 'Beleg', { label: 'Betrag', end: true }, 'Fällig', 'Status']}
    >
      {items.map((item) => (
        <tr key={item.id} data-testid={`payout-item-${item.id}`}>
          <td data-label="Auswahl" className={cell.half}>
            <Form.Check
              id={`pb-payout-pick-${item.id}`}
              aria-label={`Auszahlung Nr. ${item.id} an ${item.payeeName} auswählen`}
              checked={selected.has(item.id)}
              disabled={!payableItem(item)}
              onChange={(e) => onToggle(item.id, e.target.checked)}
              aria-describedby={unpayableIds(item)}
            />
            <Unpayable item={item} />
          </td>
          <td data-label="Empfänger" className={`${cell.text} ${cell.half}`}>
            {item.payeeName}
            <div className="small text-body-secondary">{item.jobTitle}</div>
            {item.accountIban ? <div className="small text-body-secondary">{formatIban(item.accountIban)}</div> : null}
            {recentlyChanged(item) ? (
              <div className="small text-danger-emphasis fw-semibold">
                Konto geändert am {formatDateTime(item.accountChangedAt!)} – vor der Auszahlung prüfen
              </div>
            ) : null}
          </td>
          <td data-label="Art">{PAYOUT_ITEM_KIND_LABELS[item.kind]}</td>
          <td data-label="Beleg">
            <PayoutDocument item={item} />
            <ObjectionLines item={item} onResolve={onResolve} />
          </td>
          <td data-label="Betrag" className={`${cell.end} ${cell.nowrap} ${cell.half}`}>
            {euro(item.amountCents)}
          </td>
          <td data-label="Fällig" className={`${cell.nowrap} ${cell.half}`}>
            {day(item.dueOn)}
          </td>
          <td data-label="Status">
            <PayoutStatus item={item} />
          </td>
        </tr>
      ))}
    </ResponsiveTable>
  );
}

/** The payee changed its account lately: a diverted payout is caught here, before the bank pays it. */
function recentlyChanged(item: PayoutItem): boolean {
  if (!item.accountChangedAt) return false;
  return Date.now() - new Date(item.accountChangedAt).getTime() < PAYOUT_ACCOUNT_RECENT_DAYS * 24 * 60 * 60 * 1000;
}

/** The payment order just built: what it holds and its file for the bank. */
function CreatedBatch({ batch }: { batch: PayoutBatch }) {
  return (
    <Alert variant="success" className="mt-3 mb-0" data-testid="payout-batch-created">
      <strong>Zahlungsauftrag {batch.messageId} erstellt:</strong> {transfers(batch.itemCount)} über{' '}
      {euro(batch.totalCents)}, Ausführung am {day(batch.executionDate)}. Laden Sie die Datei bei der Bank hoch:{' '}
      <PdfButton
        link
        url={batch.fileUrl}
        label={`Datei des Zahlungsauftrags ${batch.messageId} herunterladen`}
        failMessage="Die Datei konnte nicht geladen werden."
      >
        Datei herunterladen
      </PdfButton>
    </Alert>
  );
}

export function Component() {
  const items = usePayoutItems('offen');
  const batches = usePayoutBatches();
  const create = useCreatePayoutBatch();
  const [settled, setSettled] = useState<number | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const today = viennaDate(new Date());
  const [executionDate, setExecutionDate] = useState(today);
  const [created, setCreated] = useState<PayoutBatch | null>(null);
  const [resolving, setResolving] = useState<PayoutItem | null>(null);

  const open = items.data ?? [];
  // Only what is still open and payable counts (a reload may have taken an item away).
  const chosen = open.filter((item) => payableItem(item) && picked.has(item.id));
  const totalCents = chosen.reduce((sum, item) => sum + item.amountCents, 0);
  const payable = open.filter(payableItem);

  const confirmBatch = (batch: PayoutBatchRequest) =>
    askFirst({
      title: 'Zahlungsauftrag erstellen',
      body: (
        <>
          <p>
            <strong>
              {transfers(batch.itemIds.length)} über {euro(totalCents)} am {formatDay(batch.executionDate)}
            </strong>{' '}
            werden in eine SEPA-Datei (pain.001) geschrieben, die Sie bei der Bank hochladen.
          </p>
          <p className="mb-0">
            Bis Sie eintragen, was die Bank getan hat, stehen diese Auszahlungen im Zahlungsauftrag und können in keinen
            weiteren aufgenommen werden.
          </p>
        </>
      ),
      confirmLabel: 'Zahlungsauftrag erstellen',
      action: async () => {
        setCreated(await create.mutateAsync(batch));
        setPicked(new Set());
      },
      success: 'Der Zahlungsauftrag wurde erstellt.',
    });
  const { problem, errors, submit } = useSchemaSubmit(payoutBatchRequestSchema, confirmBatch);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    submit({ itemIds: chosen.map((item) => item.id), executionDate });
  };
  const toggle = (id: number, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <PageHeader title="Auszahlungen">
        <SettleButton onSettled={setSettled} />
      </PageHeader>
      <ErrorLine error={items.error ?? batches.error} />
      {settled !== null ? (
        <Alert variant="success" role="status" data-testid="payout-settled">
          {creditNotes(settled)} ausgestellt.
        </Alert>
      ) : null}
      <section aria-labelledby="pb-payout-open" className="mb-4">
        <h2 id="pb-payout-open" className="h5">
          Offene Auszahlungen
        </h2>
        {items.isPending ? (
          <Loading />
        ) : open.length === 0 ? (
          <p className="text-body-secondary">Keine offenen Auszahlungen.</p>
        ) : (
          <Form noValidate onSubmit={onSubmit}>
            <div className="d-flex flex-wrap gap-2 mb-2">
              <Button
                size="sm"
                variant="outline-secondary"
                onClick={() => setPicked(new Set(payable.map((item) => item.id)))}
                disabled={payable.length === 0}
              >
                Alle mit Konto auswählen
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setPicked(new Set())}>
                Auswahl aufheben
              </Button>
            </div>
            <OpenItems items={open} selected={picked} onToggle={toggle} onResolve={setResolving} />
            <div className="d-flex flex-wrap align-items-end gap-3 mt-3">
              <Form.Group controlId="pb-payout-execution-date">
                <Form.Label>Ausführungsdatum</Form.Label>
                <Form.Control
                  type="date"
                  value={executionDate}
                  min={today}
                  onChange={(e) => setExecutionDate(e.target.value)}
                  {...invalidControlProps(errors['executionDate'], 'pb-payout-execution-date-feedback')}
                />
                <FieldFeedback id="pb-payout-execution-date-feedback" message={errors['executionDate']} standalone />
              </Form.Group>
              <Button type="submit">Zahlungsauftrag erstellen</Button>
              <p className="mb-2 small" aria-live="polite" data-testid="payout-selection">
                {chosen.length === 0
                  ? 'Keine Auszahlung ausgewählt.'
                  : `${chosen.length} ausgewählt, zusammen ${euro(totalCents)}.`}
              </p>
            </div>
            {problem && errors['executionDate'] === undefined ? (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                {problem}
              </Alert>
            ) : null}
          </Form>
        )}
        {created ? <CreatedBatch batch={created} /> : null}
        {resolving ? <ResolveObjectionDialog item={resolving} onClose={() => setResolving(null)} /> : null}
      </section>
      <section aria-labelledby="pb-payout-batches" className="mb-4">
        <h2 id="pb-payout-batches" className="h5">
          Zahlungsaufträge
        </h2>
        {batches.isPending ? <Loading /> : <PayoutBatches batches={batches.data ?? []} />}
      </section>
    </>
  );
}
