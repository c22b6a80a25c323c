import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  CASE_MSG,
  CASE_TEXT_MAX,
  circumventionCaseAnswerSchema,
  formatDay,
  memberMay,
  type CircumventionCase,
} from '@pb/core';
import { askFirst } from '../../components/feedback/feedback';
import { FormErrorSummary } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { CaseAnswer, CaseCard, CaseDecision, CaseLetter } from '../../components/circumventionCases/CaseParts';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaSubmit';
import { useAnswerCase, useCircumventionCases } from './api';

/**
 * 'Umgehungsverfahren' (issue 34, terms point 10), for the company's administrators — where the
 * hearing mail links to: each case the office opened about the company with its letter and
 * deadline; while the hearing runs, the company's written statement (once, asked first); then the
 * statement, and once decided the decision with its reasons and the penalty invoice.
 */

/** The statement: checked by core's schema, asked first (it cannot be changed), sent once. */
function AnswerForm({ c }: { c: CircumventionCase }) {
  const answerCase = useAnswerCase();
  const [answer, setAnswer] = useState('');
  const id = `pb-case-${c.id}-answer`;
  const form = useSchemaForm(circumventionCaseAnswerSchema, { answer }, { answer: id });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = form.check();
    if (!request) return;
    askFirst({
      title: 'Stellungnahme senden',
      body: (
        <p className="mb-0">
          Ihre Stellungnahme zum Umgehungsverfahren Nr. {c.id} geht an das Backoffice der Prämienbörse. Sie können sie
          danach <strong>nicht mehr ändern oder ergänzen</strong>.
        </p>
      ),
      confirmLabel: 'Stellungnahme senden',
      action: () => answerCase.mutateAsync({ id: c.id, answer: request.answer }),
      success: 'Ihre Stellungnahme wurde gesendet.',
    });
  };
  return (
    <Form noValidate onSubmit={submit}>
      <TextField
        id={id}
        rows={8}
        label="Ihre Stellungnahme"
        value={answer}
        maxLength={CASE_TEXT_MAX}
        counted
        onChange={setAnswer}
        invalid={form.errors['answer'] !== undefined}
        feedback={form.errors['answer']}
        hint={`Sie können Ihre Stellungnahme bis ${formatDay(c.deadline)} einmal senden; danach lässt sie sich nicht mehr ändern oder ergänzen.`}
        required
      />
      <FormErrorSummary problem={form.summary} />
      <Button type="submit" className="mt-3">
        Stellungnahme senden
      </Button>
    </Form>
  );
}

function CompanyCase({ c }: { c: CircumventionCase }) {
  return (
    <CaseCard c={c}>
      <CaseLetter letter={c.letter} />
      {c.state === 'anhoerung' ? <AnswerForm c={c} /> : <CaseAnswer c={c} title="Ihre Stellungnahme" />}
      {c.state === 'zur_entscheidung' ? (
        <p className="small text-body-secondary mb-0">
          Das Backoffice entscheidet nun über das Verfahren; Sie erhalten die Entscheidung mit der Begründung per
          E-Mail.
        </p>
      ) : null}
      {c.state === 'entschieden' ? (
        <div className="border-top pt-3">
          <CaseDecision c={c} />
          {c.penaltyInvoice ? (
            <p className="small text-body-secondary mt-2 mb-0">
              Sie finden die Rechnung auch unter <Link to="/advertisements/billing">Rechnungen</Link>.
            </p>
          ) : null}
        </div>
      ) : null}
    </CaseCard>
  );
}

export function Component() {
  const session = useSession();
  const administers =
    session?.organisation?.kind === 'company' && memberMay(session.organisation, 'organisation.manage');
  const cases = useCircumventionCases(administers);
  return (
    <div className="container py-4" style={{ maxWidth: '60rem' }}>
      <h1 className="h3 mb-3">Umgehungsverfahren</h1>
      <p>
        Wird eine über die Prämienbörse vorgestellte Person ohne Zuordnung zur Vorstellung eingestellt, kann das
        Backoffice ein Umgehungsverfahren eröffnen (Punkt 10 der <Link to="/terms-and-conditions">AGB</Link>). Sie
        erhalten das Anhörungsschreiben per E-Mail und können hier bis zur Frist einmal schriftlich Stellung nehmen.
      </p>
      {!administers ? (
        <Alert variant="info">{CASE_MSG.answerForbidden}</Alert>
      ) : cases.isPending ? (
        <Spinner animation="border" role="status" aria-label="Wird geladen" />
      ) : cases.isError ? (
        <Alert variant="danger">{cases.error.message}</Alert>
      ) : cases.data.length === 0 ? (
        <p className="text-body-secondary">Es gibt keine Umgehungsverfahren zu Ihrem Unternehmen.</p>
      ) : (
        cases.data.map((c) => <CompanyCase key={c.id} c={c} />)
      )}
    </div>
  );
}
