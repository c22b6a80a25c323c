import { useNavigate } from 'react-router';
import {
  formatPercent,
  INTRODUCTION_STATUS_LABELS,
  memberMay,
  UNDOABLE_STATUSES,
  type Introduction,
  type IntroductionStatus,
} from '@pb/core';
import { askFirst } from '../../components/feedback/feedback';
import { awaitsIdentity, profileSummary } from '../../components/introductions/Consent';
import { useSession } from '../../lib/session';
import { useMoveIntroduction, useUndoIntroductionMove } from './api/changeStatus';

/** The candidate in a sentence; before they agreed (issue 35) their anonymised profile in quotes. */
export function candidateOf(introduction: Introduction): string {
  if (introduction.candidate) return `${introduction.candidate.firstName} ${introduction.candidate.lastName}`;
  if (introduction.profile && awaitsIdentity(introduction))
    return `„${profileSummary(introduction.profile)}“ (anonymisiert)`;
  return 'die vorgestellte Person';
}

/** Where the company reports the placement of this introduction: its advertisement's report dialog, filled in. */
export function reportLinkOf(introduction: Introduction): string | null {
  const advertisement = introduction.advertisement.id;
  return advertisement === null
    ? null
    : `/advertisements/create?report=${advertisement}&introduction=${introduction.id}`;
}

/** What a stage change means, said before it is made: stages only move forward. */
function StatusConsequence({
  introduction,
  candidate,
  status,
}: {
  introduction: Introduction;
  candidate: string;
  status: IntroductionStatus;
}) {
  const agency = introduction.agency.name ?? 'Die Personalvermittlung';
  if (status === 'eingestellt')
    return (
      <>
        <p>
          Sie bestätigen, dass <strong>{candidate}</strong> für „{introduction.advertisement.jobTitle}“ eingestellt
          wurde. Damit fällt die Vermittlungsprämie von <strong>{formatPercent(introduction.bonus)}</strong> des
          Bruttojahresgehalts zuzüglich 10 % Servicegebühr an.
        </p>
        <p className="mb-0">
          {agency} wird informiert. Die Vorstellung ist damit abgeschlossen und kann nicht mehr geändert werden.
        </p>
      </>
    );
  return (
    <p className="mb-0">
      Die Vorstellung von <strong>{candidate}</strong> wird auf „{INTRODUCTION_STATUS_LABELS[status]}“ gesetzt; {agency}{' '}
      sieht den neuen Stand sofort. Eine Stufe zurück ist danach nicht möglich.
    </p>
  );
}

/**
 * A company's stage change, asked first with what it means (stages only move forward). After
 * 'Eingestellt' the member who may report goes straight on to reporting the placement, with the
 * introduction and its locked bonus filled in.
 */
export function useStageChange() {
  const session = useSession();
  const navigate = useNavigate();
  const change = useMoveIntroduction();
  const undo = useUndoIntroductionMove();
  const mayReport = !session?.organisation || memberMay(session.organisation, 'placements.report');
  const move = (introduction: Introduction, status: IntroductionStatus) => {
    const candidate = candidateOf(introduction);
    const report = mayReport ? reportLinkOf(introduction) : null;
    const label = INTRODUCTION_STATUS_LABELS[status];
    askFirst({
      title: `Auf „${label}“ setzen`,
      body: <StatusConsequence introduction={introduction} candidate={candidate} status={status} />,
      confirmLabel: status === 'eingestellt' ? 'Einstellung bestätigen' : `Auf „${label}“ setzen`,
      confirmVariant: status === 'eingestellt' ? 'success' : 'primary',
      action: async () => {
        await change.mutateAsync({ id: introduction.id, status });
        if (status === 'eingestellt' && report) void navigate(report);
      },
      success:
        status === 'eingestellt'
          ? report
            ? `${candidate} ist als eingestellt vermerkt. Bitte melden Sie jetzt die Stellenbesetzung.`
            : `${candidate} ist als eingestellt vermerkt. Die Stellenbesetzung meldet, wer in Ihrer Organisation Besetzungen meldet.`
          : `Die Vorstellung steht jetzt auf „${label}“.`,
      // A move within the selection can be taken back for a few seconds (the register keeps both).
      ...(UNDOABLE_STATUSES.includes(status) ? { undo: () => undo.mutateAsync(introduction.id) } : {}),
    });
  };
  return { move, pending: change.isPending, error: change.error };
}
