import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import {
  formatDate,
  INTRODUCTION_MSG,
  INTRODUCTION_STATUS_LABELS,
  memberMay,
  REPORTABLE_INTRODUCTION_STAGES,
  type IntroductionDetail,
} from '@pb/core';
import { showSuccess } from '../../components/feedback/feedback';
import { downloadProof } from '../../components/introductions/api';
import { awaitsIdentity } from '../../components/introductions/Consent';
import { dayText, IntroductionFacts, Timeline } from '../../components/introductions/IntroductionFacts';
import { downloadWithToken } from '../../lib/download';
import { useSession } from '../../lib/session';
import { useDeclareAlreadyKnown } from './api/alreadyKnown';
import { AgencyTrustCard } from './AgencyTrustCard';
import {
  CompanyConsentNotice,
  ConsultantConsentHint,
  EndedWithoutConsentNotice,
  ProfileCard,
  WithdrawnNotice,
} from './ConsentNotices';
import { InterviewsSection } from './interviews/InterviewsSection';
import { NoteModal, RejectModal } from './NoteModal';
import { RatingSection } from './rating/RatingSection';
import { reportLinkOf, useStageChange } from './stageChange';
import { useIntroduction } from './api/introduction';
import { useMarkIntroductionSeen } from './api/seen';

/** The company's reactions: next stages, 'endgültig abgesagt' with a reason, 'Bereits bekannt' in its window. */
function CompanyActions({ introduction, mayReport }: { introduction: IntroductionDetail; mayReport: boolean }) {
  const stage = useStageChange();
  const known = useDeclareAlreadyKnown(introduction.id);
  const [modal, setModal] = useState<'reject' | 'known' | null>(null);
  const forward = introduction.nextStatuses.filter((s) => s !== 'abgesagt');
  const report = introduction.status === 'eingestellt' && mayReport ? reportLinkOf(introduction) : null;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="pb-actions-title">
      <div className="card-body">
        <h2 id="pb-actions-title" className="h6">
          Reaktion
        </h2>
        <div className="d-flex flex-wrap gap-2">
          {forward.map((s) => (
            <Button
              key={s}
              size="sm"
              variant="outline-primary"
              onClick={() => stage.move(introduction, s)}
              disabled={stage.pending}
            >
              {INTRODUCTION_STATUS_LABELS[s]}
            </Button>
          ))}
          {introduction.nextStatuses.includes('abgesagt') && (
            <Button size="sm" variant="outline-danger" onClick={() => setModal('reject')} disabled={stage.pending}>
              Endgültig absagen
            </Button>
          )}
          {introduction.canDeclareKnown && (
            <Button size="sm" variant="outline-secondary" onClick={() => setModal('known')}>
              Bereits bekannt
            </Button>
          )}
        </div>
        {introduction.canDeclareKnown && introduction.alreadyKnownDeadline && (
          <p className="small text-body-secondary mt-2 mb-0">
            „Bereits bekannt“ möglich bis {dayText(introduction.alreadyKnownDeadline)}; danach ist die Vorstellung
            verbindlich.
          </p>
        )}
        {introduction.nextStatuses.length === 0 && !introduction.canDeclareKnown && (
          <p className="small text-body-secondary mb-0">Keine weitere Reaktion möglich.</p>
        )}
        {report && (
          <p className="small mt-2 mb-0">
            Eingestellt? <Link to={report}>Stellenbesetzung melden</Link> – die Vorstellung und die Prämie bei
            Vorstellung sind dort schon eingetragen.
          </p>
        )}
      </div>
      {modal === 'reject' && (
        <RejectModal
          id={introduction.id}
          title="Endgültig absagen"
          beforeConsent={introduction.consent.state === 'pending'}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'known' && (
        <NoteModal
          title="Bereits bekannt"
          label="Wann und wie hatten Sie bereits Kontakt mit dieser Person?"
          submitLabel="Als bereits bekannt markieren"
          withDocument
          pending={known.isPending}
          error={known.error}
          onSubmit={(note, file) =>
            known.mutate(
              { note, file },
              {
                onSuccess: () => {
                  setModal(null);
                  showSuccess('Die Vorstellung ist als „Bereits bekannt“ markiert.');
                },
              },
            )
          }
          onClose={() => setModal(null)}
        />
      )}
    </section>
  );
}

/** One introduction: facts, files, the company's reactions, the register timeline and the proof. */
export function Component() {
  const id = Number(useParams().id);
  const session = useSession();
  const query = useIntroduction(id);
  const seen = useMarkIntroductionSeen();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const introduction = query.data?.data;
  // The server shows an introduction only to the members of its two organisations who handle
  // introductions (and the office): a company's member sees it from the company's side (issue 31).
  const isCompany = introduction !== undefined && session?.role === 'company';
  const isConsultant = introduction !== undefined && !isCompany && session?.role === 'consultant';
  const unseen = isCompany && !introduction.seen;
  const { mutate: markSeen } = seen;

  // Opening it is what 'seen' means for the company's badge.
  useEffect(() => {
    if (unseen) markSeen(id);
  }, [unseen, id, markSeen]);

  const download = (run: () => Promise<void>) => {
    setDownloadError(null);
    run().catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : String(error)));
  };

  if (query.isPending) {
    return (
      <div className="container py-5 text-center">
        <Spinner role="status">
          <span className="visually-hidden">Vorstellung wird geladen …</span>
        </Spinner>
      </div>
    );
  }
  if (!introduction) {
    return (
      <div className="container py-5">
        <Alert variant="warning">{query.error?.message ?? INTRODUCTION_MSG.notFound}</Alert>
        <Link to="/advertisements/introductions">Zur Übersicht</Link>
      </div>
    );
  }
  return (
    <div className="container py-4">
      <Link to="/advertisements/introductions" className="small link-body-emphasis">
        ← Alle Vorstellungen
      </Link>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2 mb-3">
        <h1 className="h3 mb-0">Vorstellung Nr. {introduction.id}</h1>
        <Button
          size="sm"
          variant="outline-dark"
          className="ms-auto"
          onClick={() => download(() => downloadProof(introduction.id))}
        >
          Nachweis (PDF)
        </Button>
        {introduction.conversationId !== null && (
          <Link
            to={`/advertisements/chat?conversation=${introduction.conversationId}`}
            className="btn btn-sm btn-primary"
          >
            Zur Konversation
          </Link>
        )}
      </div>
      {downloadError && <Alert variant="danger">{downloadError}</Alert>}
      <div className="row g-3">
        <div className="col-lg-7">
          <EndedWithoutConsentNotice introduction={introduction} />
          <WithdrawnNotice introduction={introduction} />
          {isCompany && introduction.consent.state === 'pending' && (
            <CompanyConsentNotice introduction={introduction} />
          )}
          {isConsultant && introduction.consent.state === 'pending' && <ConsultantConsentHint />}
          {isCompany && (
            <CompanyActions
              introduction={introduction}
              mayReport={!session?.organisation || memberMay(session.organisation, 'placements.report')}
            />
          )}
          {isConsultant &&
            memberMay(session.organisation, 'placements.report') &&
            introduction.claim !== 'void' &&
            introduction.claim !== 'no_consent' &&
            REPORTABLE_INTRODUCTION_STAGES.includes(introduction.status) &&
            !introduction.timeline.some((entry) => entry.kind === 'placement_reported') &&
            introduction.advertisement.id !== null && (
              <Alert variant="success" className="mb-3">
                {introduction.status === 'eingestellt' ? 'Eingestellt' : 'Angebot gemacht'}:{' '}
                <Link to={`/advertisements/view?id=${introduction.advertisement.id}&melden=${introduction.id}`}>
                  Stellenbesetzung melden
                </Link>{' '}
                – die Vorstellung und ihre Prämie sind dort schon eingetragen.
              </Alert>
            )}
          {(isCompany || isConsultant) && (
            <InterviewsSection introduction={introduction} side={isCompany ? 'company' : 'agency'} />
          )}
          {(isCompany || isConsultant) && <RatingSection introduction={introduction} />}
          {introduction.profile && awaitsIdentity(introduction) && (
            <ProfileCard profile={introduction.profile} collapsed={false} forConsultant={false} />
          )}
          <section className="card shadow-sm mb-3" aria-label="Angaben">
            <div className="card-body">
              <IntroductionFacts introduction={introduction} />
              {introduction.cv && (
                <Button
                  variant="link"
                  className="px-0"
                  onClick={() =>
                    download(() =>
                      downloadWithToken(introduction.cv!.url, 'Datei nicht gefunden.', introduction.cv!.name),
                    )
                  }
                >
                  Lebenslauf herunterladen ({introduction.cv.name})
                </Button>
              )}
              {introduction.alreadyKnown && (
                <Alert variant="secondary" className="mt-3 mb-0">
                  <strong>Bereits bekannt</strong> (erklärt am {formatDate(introduction.alreadyKnown.at)}):{' '}
                  <span style={{ whiteSpace: 'pre-line' }}>{introduction.alreadyKnown.note}</span>
                  {introduction.alreadyKnown.file && (
                    <div>
                      <Button
                        variant="link"
                        className="px-0"
                        onClick={() =>
                          download(() =>
                            downloadWithToken(
                              introduction.alreadyKnown!.file!.url,
                              'Datei nicht gefunden.',
                              introduction.alreadyKnown!.file!.name,
                            ),
                          )
                        }
                      >
                        Dokument herunterladen ({introduction.alreadyKnown.file.name})
                      </Button>
                    </div>
                  )}
                </Alert>
              )}
            </div>
          </section>
          {introduction.profile && !awaitsIdentity(introduction) && (
            <ProfileCard
              profile={introduction.profile}
              collapsed={introduction.consent.state !== 'pending'}
              forConsultant={isConsultant}
            />
          )}
        </div>
        <div className="col-lg-5">
          {isCompany && introduction.agency.id !== null && (
            <AgencyTrustCard agencyId={introduction.agency.id} agencyName={introduction.agency.name} />
          )}
          <section className="card shadow-sm" aria-labelledby="pb-timeline-title">
            <div className="card-body">
              <h2 id="pb-timeline-title" className="h6">
                Verlauf
              </h2>
              <Timeline timeline={introduction.timeline} />
              <p className="small text-body-secondary mt-2 mb-0">
                Jeder Eintrag ist im fälschungssicheren Register der Prämienbörse gespeichert und kann nachträglich
                nicht unbemerkt verändert werden. Die Prämienbörse bestätigt ihn auf Anfrage (bitte die Vorstellung Nr.{' '}
                {introduction.id} angeben).
              </p>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
