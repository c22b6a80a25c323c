import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  CASE_DECISION_LABELS,
  CASE_DECISIONS,
  CASE_TEXT_MAX,
  CIRCUMVENTION_PENALTY_CENTS,
  circumventionCaseDecisionSchema,
  type CaseDecision,
  type CircumventionCase,
  type CircumventionCaseDecisionRequest,
} from '@pb/core';
import { askFirst } from '../../components/feedback/feedback';
import { euro } from '../../components/billing/format';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import { FormErrorSummary } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../lib/useSchemaSubmit';
import { useDecideCircumventionCase } from './api/circumventionCases';

/**
 * The office's decision on a heard case (issue 34): 'Umgehung festgestellt' or 'Verfahren
 * eingestellt' with reasons. It asks first and names what a finding does — the penalty invoice to
 * the company and the placement to the agency — and is final.
 */

interface DecisionInput {
  decision: CaseDecision | '';
  reasons: string;
}

const agencyOf = (c: CircumventionCase) => c.agencyName ?? 'die Personalberatung';

function Consequence({ c, decision }: { c: CircumventionCase; decision: CircumventionCaseDecisionRequest }) {
  return decision.decision === 'umgehung_festgestellt' ? (
    <>
      <p>
        An <strong>{c.companyName}</strong> wird eine <strong>Rechnung über {euro(CIRCUMVENTION_PENALTY_CENTS)}</strong>{' '}
        (Vertragsstrafe, ohne USt) ausgestellt und gesendet.
      </p>
      <p className="mb-0">
        Die Besetzung „{c.jobTitle}“ geht an <strong>{agencyOf(c)}</strong>: Sie wird der Vorstellung Nr.{' '}
        {c.introductionId} zugeordnet und zur Verrechnung freigegeben. Beide erhalten die Entscheidung mit der
        Begründung. Die Entscheidung ist endgültig.
      </p>
    </>
  ) : (
    <p className="mb-0">
      Das Verfahren Nr. {c.id} wird eingestellt; {c.companyName} und {agencyOf(c)} erhalten die Entscheidung mit der
      Begründung. Die Meldung kann danach wieder geprüft werden. Die Entscheidung ist endgültig.
    </p>
  );
}

export function CaseDecisionForm({
  c,
  onDecided,
}: {
  c: CircumventionCase;
  /** The case as decided (with its penalty invoice), for the page's confirmation. */
  onDecided: (decided: CircumventionCase) => void;
}) {
  const decide = useDecideCircumventionCase();
  const [input, setInput] = useState<DecisionInput>({ decision: '', reasons: '' });
  const ids = { decision: `pb-case-${c.id}-decision-${CASE_DECISIONS[0]}`, reasons: `pb-case-${c.id}-reasons` };
  const form = useSchemaForm(circumventionCaseDecisionSchema, input, ids);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const decision = form.check();
    if (!decision) return;
    const finding = decision.decision === 'umgehung_festgestellt';
    askFirst({
      title: finding ? 'Umgehung feststellen' : 'Verfahren einstellen',
      body: <Consequence c={c} decision={decision} />,
      confirmLabel: finding ? 'Umgehung feststellen' : 'Verfahren einstellen',
      confirmVariant: finding ? 'danger' : 'primary',
      action: async () => onDecided(await decide.mutateAsync({ id: c.id, decision })),
      success: `Das Umgehungsverfahren Nr. ${c.id} ist entschieden.`,
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-labelledby={`pb-case-${c.id}-decide`} style={{ maxWidth: '48rem' }}>
      <h3 id={`pb-case-${c.id}-decide`} className="h6">
        Entscheidung
      </h3>
      <fieldset className="mb-3">
        {/* The heading above says it; the group is named for screen readers. */}
        <legend className="visually-hidden">Entscheidung</legend>
        {CASE_DECISIONS.map((decision) => (
          <Form.Check
            key={decision}
            type="radio"
            id={`pb-case-${c.id}-decision-${decision}`}
            name={`pb-case-${c.id}-decision`}
            label={CASE_DECISION_LABELS[decision]}
            checked={input.decision === decision}
            onChange={() => setInput((now) => ({ ...now, decision }))}
            {...invalidControlProps(form.errors['decision'], `pb-case-${c.id}-decision-feedback`)}
          />
        ))}
        <FieldFeedback id={`pb-case-${c.id}-decision-feedback`} message={form.errors['decision']} standalone />
      </fieldset>
      <TextField
        id={ids.reasons}
        rows={4}
        label="Begründung (geht mit der Entscheidung an das Unternehmen und die Personalberatung)"
        value={input.reasons}
        maxLength={CASE_TEXT_MAX}
        counted
        onChange={(reasons) => setInput((now) => ({ ...now, reasons }))}
        invalid={form.errors['reasons'] !== undefined}
        feedback={form.errors['reasons']}
        required
      />
      <FormErrorSummary problem={form.summary} />
      <Button type="submit" className="mt-3">
        Entscheidung treffen
      </Button>
    </Form>
  );
}
