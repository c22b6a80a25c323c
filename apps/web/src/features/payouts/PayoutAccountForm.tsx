import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  formatDate,
  formatIban,
  PAYOUT_MSG,
  payoutAccountRequestSchema,
  VAT_STATUS_LABELS,
  VAT_STATUSES,
  type OrganisationKind,
  type PayoutAccount,
  type PayoutAccountRequest,
  type VatStatus,
} from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import { askFirst } from '../../components/feedback/feedback';
import { FormErrorSummary, PendingButton } from '../../components/FormModal';
import { TextField, type TextFieldProps } from '../../components/TextField';
import { useSchemaForm, type CheckIssue, type Checker } from '../../lib/useSchemaSubmit';
import { useSavePayoutAccount, useWithdrawSelfBilling } from './api';

/** What the form holds: the texts as typed, the agency's choice and its agreement. */
export interface PayoutAccountInput {
  accountHolder: string;
  iban: string;
  bic: string;
  vatStatus: VatStatus | '';
  selfBillingAgreed: boolean;
}

type Field = keyof PayoutAccountInput;

/** The controls in the form's order (the first refused one gets the focus). */
const FIELD_IDS: Record<Field, string> = {
  accountHolder: 'payout-account-holder',
  iban: 'payout-iban',
  bic: 'payout-bic',
  vatStatus: `payout-vat-${VAT_STATUSES[0]}`,
  selfBillingAgreed: 'payout-self-billing',
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as Field[];

/** The server's refusals that belong to one field, so they stand beside it. */
const FIELD_OF_MESSAGE: ReadonlyMap<string, Field> = new Map<string, Field>([
  [PAYOUT_MSG.accountHolderRequired, 'accountHolder'],
  [PAYOUT_MSG.ibanInvalid, 'iban'],
  [PAYOUT_MSG.bicInvalid, 'bic'],
  [PAYOUT_MSG.vatStatusInvalid, 'vatStatus'],
  [PAYOUT_MSG.selfBillingRequired, 'selfBillingAgreed'],
]);

/**
 * Where an agency stands on self-billing: it agreed; its first account needs the agreement; after
 * withdrawing it, it may keep its account without agreeing, or agree again.
 */
export type Agreement = 'agreed' | 'required' | 'optional';

/**
 * The request schema of core, plus what it leaves to the server: an agency states its taxation and,
 * with its first account, must agree to self-billing. A company sends neither.
 */
export function payoutAccountCheck(
  kind: OrganisationKind,
  agreement: Agreement,
): Checker<PayoutAccountRequest, PayoutAccountInput> {
  const asking = kind === 'agency' && agreement !== 'agreed';
  return {
    safeParse(input) {
      const request = {
        accountHolder: input.accountHolder,
        iban: input.iban,
        bic: input.bic,
        ...(kind === 'agency' && input.vatStatus !== '' ? { vatStatus: input.vatStatus } : {}),
        ...(asking ? { selfBillingAgreed: input.selfBillingAgreed } : {}),
      };
      const parsed = payoutAccountRequestSchema.safeParse(request);
      const issues: CheckIssue[] = parsed.success ? [] : [...parsed.error.issues];
      if (kind === 'agency' && input.vatStatus === '')
        issues.push({ message: PAYOUT_MSG.vatStatusInvalid, path: ['vatStatus'] });
      if (asking && agreement === 'required' && !input.selfBillingAgreed)
        issues.push({ message: PAYOUT_MSG.selfBillingRequired, path: ['selfBillingAgreed'] });
      if (issues.length === 0 && parsed.success) return { success: true, data: parsed.data };
      // The summary is the first field's message in the form's order.
      const rank = (issue: CheckIssue) => {
        const at = FIELD_ORDER.indexOf(String(issue.path[0] ?? '') as Field);
        return at < 0 ? FIELD_ORDER.length : at;
      };
      return { success: false, error: { issues: issues.sort((a, b) => rank(a) - rank(b)) } };
    },
  };
}

function inputOf(account: PayoutAccount | null, kind: OrganisationKind): PayoutAccountInput {
  return {
    accountHolder: account?.accountHolder ?? '',
    iban: account ? formatIban(account.iban) : '',
    bic: account?.bic ?? '',
    // A company's stored status is the server's default and not shown; an agency chooses the first time.
    vatStatus: kind === 'agency' && account ? account.vatStatus : '',
    selfBillingAgreed: false,
  };
}

/**
 * 'Auszahlungskonto': where the organisation's money is paid to. An agency also states how its
 * service is taxed and agrees to being settled by credit note (§ 11 Abs. 7 UStG) — with its first
 * account, and again after it withdrew the agreement (asked first, here too). Each field says what
 * is wrong with it; the server's refusal stands beside its field or under the form.
 */
export function PayoutAccountForm({
  account,
  kind,
  selfBillingTerms,
}: {
  account: PayoutAccount | null;
  kind: OrganisationKind;
  selfBillingTerms: string;
}) {
  const save = useSavePayoutAccount();
  const withdraw = useWithdrawSelfBilling();
  // As stored: the answer of the last save or withdrawal until the page's data catches up (a
  // withdrawal resets the save, so the newer answer comes first).
  const current = save.data ?? withdraw.data ?? account;
  const agreedAt = kind === 'agency' ? (current?.selfBillingAgreedAt ?? null) : null;
  const agreement: Agreement = agreedAt !== null ? 'agreed' : current === null ? 'required' : 'optional';
  const [input, setInput] = useState<PayoutAccountInput>(() => inputOf(account, kind));
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm(payoutAccountCheck(kind, agreement), input, FIELD_IDS);

  const askWithdrawal = () =>
    askFirst({
      title: 'Zustimmung widerrufen',
      body: <WithdrawalConsequences />,
      confirmLabel: 'Zustimmung widerrufen',
      confirmVariant: 'danger',
      action: async () => {
        await withdraw.mutateAsync();
        save.reset();
        setSaved(false);
        setInput((now) => ({ ...now, selfBillingAgreed: false }));
      },
      success: 'Ihre Zustimmung zur Abrechnung mit Gutschrift wurde widerrufen.',
    });

  const serverMessage = save.error?.message;
  const serverField = serverMessage === undefined ? undefined : FIELD_OF_MESSAGE.get(serverMessage);
  const errors: Partial<Record<Field, string>> = { ...form.errors };
  if (serverField && errors[serverField] === undefined) errors[serverField] = serverMessage;

  const set = <K extends Field>(field: K, value: PayoutAccountInput[K]) => {
    setInput((now) => ({ ...now, [field]: value }));
    setSaved(false);
    // The server's refusal was about the input as it was; the stored account (save.data) stays.
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = form.check();
    setSaved(false);
    if (!request) {
      if (save.isError) save.reset();
      return;
    }
    save.mutate(request, {
      onSuccess: (stored) => {
        // As stored: 'at61 1904…' comes back as 'AT61 1904…'.
        setInput(inputOf(stored, kind));
        setSaved(true);
      },
      onError: (error) => {
        const field = FIELD_OF_MESSAGE.get(error.message);
        if (field) document.getElementById(FIELD_IDS[field])?.focus();
      },
    });
  };

  const text = (field: 'accountHolder' | 'iban' | 'bic', label: string, extra: Partial<TextFieldProps>) => (
    <TextField
      id={FIELD_IDS[field]}
      label={label}
      value={input[field]}
      onChange={(value) => set(field, value)}
      invalid={errors[field] !== undefined}
      feedback={errors[field]}
      {...extra}
    />
  );

  return (
    <Form noValidate onSubmit={submit} data-testid="payout-account-form">
      <div className="row g-3 mb-3">
        {text('accountHolder', 'Kontoinhaber/in', {
          className: 'col-12',
          autoComplete: 'name',
          required: true,
          maxLength: 70,
        })}
        {text('iban', 'IBAN', {
          className: 'col-md-7',
          required: true,
          maxLength: 50,
          placeholder: 'AT61 1904 3002 3457 3201',
        })}
        {text('bic', 'BIC (optional)', { className: 'col-md-5', maxLength: 20, hint: '8 oder 11 Zeichen' })}
      </div>
      {kind === 'agency' ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Besteuerung</legend>
          {VAT_STATUSES.map((status) => (
            <Form.Check
              key={status}
              type="radio"
              id={`payout-vat-${status}`}
              name="payout-vat-status"
              label={VAT_STATUS_LABELS[status]}
              checked={input.vatStatus === status}
              onChange={() => set('vatStatus', status)}
              {...invalidControlProps(errors.vatStatus, 'payout-vat-feedback')}
            />
          ))}
          <FieldFeedback id="payout-vat-feedback" message={errors.vatStatus} standalone />
        </fieldset>
      ) : null}
      {kind === 'agency' && agreedAt === null ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Abrechnung mit Gutschrift</legend>
          {agreement === 'optional' ? (
            <p className="small" data-testid="self-billing-not-agreed">
              Sie haben der Abrechnung mit Gutschrift derzeit nicht zugestimmt: Wir stellen keine Gutschriften aus, und
              Vermittlungsprämien, die noch nicht abgerechnet sind, warten auf Ihre Zustimmung. Um wieder zuzustimmen,
              kreuzen Sie die Erklärung an und speichern Sie.
            </p>
          ) : null}
          <Form.Check id={FIELD_IDS.selfBillingAgreed}>
            <Form.Check.Input
              type="checkbox"
              checked={input.selfBillingAgreed}
              onChange={(e) => set('selfBillingAgreed', e.target.checked)}
              aria-required={agreement === 'required'}
              {...invalidControlProps(errors.selfBillingAgreed, 'payout-self-billing-feedback')}
            />
            <Form.Check.Label>{selfBillingTerms}</Form.Check.Label>
            <FieldFeedback id="payout-self-billing-feedback" message={errors.selfBillingAgreed} />
          </Form.Check>
        </fieldset>
      ) : null}
      {agreedAt !== null ? (
        <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 mb-3">
          <p data-testid="self-billing-agreed" className="mb-0">
            Der Abrechnung mit Gutschrift zugestimmt am {formatDate(agreedAt)}.
          </p>
          <Button size="sm" variant="outline-danger" onClick={askWithdrawal}>
            Zustimmung widerrufen
          </Button>
        </div>
      ) : null}
      <p className="small text-body-secondary">
        Wird das Konto geändert, erhalten alle Administratorinnen und Administratoren Ihrer Organisation eine E-Mail mit
        dem bisherigen und dem neuen Konto – so fällt eine Änderung, die niemand von Ihnen veranlasst hat, sofort auf.
      </p>
      <FormErrorSummary problem={form.summary} error={serverField ? null : save.error} />
      {saved ? (
        <Alert variant="success" role="status" className="mt-3 mb-0">
          Auszahlungskonto gespeichert.
        </Alert>
      ) : null}
      <PendingButton type="submit" className="mt-3" pending={save.isPending}>
        Speichern
      </PendingButton>
    </Form>
  );
}

/** What withdrawing the agreement means, asked before it is done. */
function WithdrawalConsequences() {
  return (
    <>
      <p>
        Wir stellen Ihnen dann keine weiteren Gutschriften aus: Vermittlungsprämien, die noch nicht abgerechnet sind –
        etwa aus neuen Vermittlungen –, zahlen wir erst aus, wenn Sie wieder zustimmen.
      </p>
      <p className="mb-0">
        Bereits ausgestellte Gutschriften bleiben gültig und werden wie vorgesehen ausgezahlt. Sie können jederzeit
        wieder zustimmen.
      </p>
    </>
  );
}
