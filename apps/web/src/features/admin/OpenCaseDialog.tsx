import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  addCalendarDays,
  CASE_MSG,
  CASE_TEXT_MAX,
  circumventionCaseOpenSchema,
  CLAIM_STATE_LABELS,
  formatDate,
  formatDay,
  HEARING_MAX_DAYS,
  HEARING_MIN_DAYS,
  hearingDeadlineProblem,
  hearingLetterDraft,
  viennaDate,
  type AdminPlacementReport,
  type CircumventionCase,
  type CircumventionCaseOpenRequest,
} from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import { FormModal, PendingButton } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { useSchemaForm, type Checker } from '../../lib/useSchemaSubmit';
import { useOpenCircumventionCase } from './api/circumventionCases';
import { useAdminIntroduction } from './api/introductions';

/**
 * 'Umgehungsverfahren eröffnen' (issue 34) on a company's report flagged 'Umgehungsverdacht': the
 * introduction whose claim is at stake (one of the evidence), the deadline and the hearing letter,
 * drafted from the facts until the office changes it. Sending asks first in the same dialog (the
 * letter stays when the office goes back) and says afterwards which case was opened.
 */

const FIELD_IDS = {
  introductionId: 'pb-open-case-introduction',
  deadline: 'pb-open-case-deadline',
  letter: 'pb-open-case-letter',
} as const;

/** Said in the draft while the agency's name is not known (it was deleted, or is still loading). */
const AGENCY_UNKNOWN = '[Name der Personalberatung]';

/** Core's schema and the deadline's bounds from today, as the server checks them. */
function openingCheck(today: string): Checker<CircumventionCaseOpenRequest> {
  return {
    safeParse(input) {
      const parsed = circumventionCaseOpenSchema.safeParse(input);
      if (!parsed.success) return parsed;
      const problem = hearingDeadlineProblem(parsed.data.deadline, today);
      return problem
        ? { success: false, error: { issues: [{ message: problem, path: ['deadline'] }] } }
        : { success: true, data: parsed.data };
    },
  };
}

export function OpenCaseDialog({ report, onClose }: { report: AdminPlacementReport; onClose: () => void }) {
  const evidence = report.circumvention?.evidence ?? [];
  const open = useOpenCircumventionCase();
  const today = viennaDate(new Date());
  const [introductionId, setIntroductionId] = useState(evidence[0]?.introductionId ?? 0);
  const [deadline, setDeadline] = useState(addCalendarDays(today, HEARING_MIN_DAYS));
  // The draft follows introduction and deadline until the office writes in it.
  const [written, setWritten] = useState<string | null>(null);
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [opened, setOpened] = useState<CircumventionCase | null>(null);

  const chosen = evidence.find((e) => e.introductionId === introductionId);
  const introduction = useAdminIntroduction(chosen ? chosen.introductionId : null);
  const agencyName = introduction.data?.data.agency.name ?? null;
  const draft = hearingLetterDraft({
    companyName: report.companyName,
    jobTitle: report.jobTitle,
    agencyName: agencyName ?? AGENCY_UNKNOWN,
    introducedOn: chosen ? viennaDate(chosen.introducedAt) : today,
    deadline,
  });
  const letter = written ?? draft;
  const input = { placementReportId: report.id, introductionId, letter, deadline };
  const form = useSchemaForm(openingCheck(today), input, FIELD_IDS);
  // The server's refusal of the deadline stands beside the field while it is shown.
  const serverDeadline = step === 'write' && open.error?.message === CASE_MSG.deadlineInvalid;
  const deadlineRefused = form.errors['deadline'] ?? (serverDeadline ? CASE_MSG.deadlineInvalid : undefined);

  const change = (apply: () => void) => {
    apply();
    if (open.isError) open.reset();
  };
  const send = () => {
    const request = form.check();
    if (!request) return;
    if (step === 'write') {
      setStep('confirm');
      return;
    }
    open.mutate(request, { onSuccess: setOpened });
  };

  return (
    <FormModal
      title="Umgehungsverfahren eröffnen"
      titleId="pb-open-case-title"
      size="lg"
      onClose={onClose}
      onSubmit={send}
      submitLabel="Anhörung senden"
      pending={open.isPending}
      problem={form.summary}
      error={serverDeadline ? null : open.error}
      actions={
        step === 'confirm' ? (
          <div className="d-flex gap-2">
            <Button variant="outline-secondary" onClick={() => setStep('write')} autoFocus>
              Zurück
            </Button>
            <PendingButton type="submit" variant="danger" pending={open.isPending}>
              Anhörung senden
            </PendingButton>
          </div>
        ) : undefined
      }
      done={
        opened ? (
          <Alert variant="success" role="status" className="mb-0" data-testid="case-opened">
            <strong>Umgehungsverfahren Nr. {opened.id} eröffnet.</strong> Die Anhörung ist an {opened.companyName}{' '}
            gesendet; Frist zur Stellungnahme bis {formatDay(opened.deadline)}.{' '}
            <Link to="/admin/circumvention-cases">Zu den Umgehungsverfahren</Link>
          </Alert>
        ) : undefined
      }
    >
      <p className="small text-body-secondary text-break">
        „{report.jobTitle}“ bei {report.companyName} · gemeldet am {formatDate(report.reportedAt)}
      </p>
      {step === 'confirm' && chosen ? (
        <div data-testid="open-case-confirm">
          <p className="fw-semibold">Anhörung an {report.companyName} senden?</p>
          <ul className="small">
            <li>
              Vorstellung Nr. {chosen.introductionId} vom {formatDate(chosen.introducedAt)}
              {agencyName ? ` durch ${agencyName}` : ''}
            </li>
            <li>Frist zur Stellungnahme bis {formatDay(deadline)}</li>
          </ul>
          <p className="small mb-0">
            Das Schreiben geht per E-Mail an die Administratorinnen und Administratoren des Unternehmens und an die
            Person, die die Besetzung gemeldet hat; es steht in deren Konto unter „Umgehungsverfahren“. Die Einträge des
            Registers zur Vorstellung werden als Nachweis festgehalten. Solange das Verfahren läuft, kann die Meldung
            weder geprüft noch verrechnet werden. Das lässt sich nicht zurücknehmen.
          </p>
        </div>
      ) : (
        <div className="row g-3">
          <Form.Group className="col-md-7" controlId={FIELD_IDS.introductionId}>
            <Form.Label>Vorstellung, um deren Anspruch es geht</Form.Label>
            <Form.Select
              value={introductionId}
              onChange={(e) => change(() => setIntroductionId(Number(e.target.value)))}
              {...invalidControlProps(
                form.errors['introductionId'],
                'pb-open-case-introduction-feedback',
                'pb-open-case-agency',
              )}
            >
              {evidence.map((e) => (
                <option key={e.introductionId} value={e.introductionId}>
                  Vorstellung Nr. {e.introductionId} vom {formatDate(e.introducedAt)} ({CLAIM_STATE_LABELS[e.claim]})
                </option>
              ))}
            </Form.Select>
            <FieldFeedback id="pb-open-case-introduction-feedback" message={form.errors['introductionId']} />
            <Form.Text id="pb-open-case-agency">
              Personalberatung: {introduction.isPending ? 'wird geladen …' : (agencyName ?? 'nicht mehr registriert')}
            </Form.Text>
          </Form.Group>
          <Form.Group className="col-md-5" controlId={FIELD_IDS.deadline}>
            <Form.Label>Frist zur Stellungnahme</Form.Label>
            <Form.Control
              type="date"
              value={deadline}
              min={addCalendarDays(today, HEARING_MIN_DAYS)}
              max={addCalendarDays(today, HEARING_MAX_DAYS)}
              onChange={(e) => change(() => setDeadline(e.target.value))}
              required
              {...invalidControlProps(deadlineRefused, 'pb-open-case-deadline-feedback', 'pb-open-case-deadline-help')}
            />
            <FieldFeedback id="pb-open-case-deadline-feedback" message={deadlineRefused} />
            <Form.Text id="pb-open-case-deadline-help">
              {HEARING_MIN_DAYS} bis {HEARING_MAX_DAYS} Tage ab heute
            </Form.Text>
          </Form.Group>
          <TextField
            id={FIELD_IDS.letter}
            className="col-12"
            rows={12}
            label="Anhörungsschreiben"
            value={letter}
            maxLength={CASE_TEXT_MAX}
            counted
            onChange={(text) => change(() => setWritten(text))}
            invalid={form.errors['letter'] !== undefined}
            feedback={form.errors['letter']}
            hint="Der Entwurf nennt die Personalberatung, den Tag der Vorstellung, Punkt 10 der AGB und die Frist; Sie können jedes Wort ändern."
            required
          />
          {written !== null ? (
            <div className="col-12">
              <Button size="sm" variant="outline-secondary" onClick={() => change(() => setWritten(null))}>
                Entwurf neu erstellen
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </FormModal>
  );
}
