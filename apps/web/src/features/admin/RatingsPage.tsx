import { useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  formatDateTime,
  MODERATION_REASON_MAX_LENGTH,
  MODERATION_STATE_LABELS,
  RATING_REVEAL_DAYS,
  RATINGS_MIN_SHOWN,
  ratingModerationSchema,
  type AdminRatingText,
  type RatingModeration,
} from '@pb/core';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useAdminRatingTexts, useModerateRating, type RatingTextFilter } from './api/ratings';
import { ErrorLine, FilterSelect, Loading, PageHeader } from './components';
import { ActionsCell, cell, ResponsiveTable } from './ResponsiveTable';
import styles from './admin.module.css';

/**
 * Back office 'Bewertungen' (issue 36): the comments of ratings and the rated organisations'
 * answers wait here until the office approves them (asked first) or rejects them with a reason
 * (its author is told); both audited. The scores count without a check.
 */

const PART_LABELS = { comment: 'Kommentar', reply: 'Antwort' } as const;
const STATE_BADGES = { pending: 'secondary', approved: 'success', rejected: 'danger' } as const;

const keyOf = (t: AdminRatingText) => `${t.ratingId}-${t.part}`;
const authorOf = (t: AdminRatingText) => `${t.author.memberName} (${t.author.organisationName})`;

/** What approving does, said before it is done. */
function ApproveConsequence({ t }: { t: AdminRatingText }) {
  const rated = t.rated.organisationName;
  return (
    <>
      <p className={`${styles.ratingText} ${styles.ratingQuote}`}>{t.text}</p>
      <p className="mb-0">
        {t.part === 'comment' ? (
          <>
            Der Kommentar erscheint im Profil von <strong>{rated}</strong> – ohne Verfasser/in und ohne Vorstellung,
            sobald {rated} mindestens {RATINGS_MIN_SHOWN} Bewertungen hat. {rated} wird benachrichtigt und kann einmal
            antworten.
          </>
        ) : (
          <>
            Die Antwort von <strong>{rated}</strong> erscheint unter dem Kommentar in ihrem Profil.
          </>
        )}{' '}
        Die Freigabe wird protokolliert.
      </p>
    </>
  );
}

function RejectDialog({ t, onClose }: { t: AdminRatingText; onClose: () => void }) {
  const moderate = useModerateRating();
  const what = PART_LABELS[t.part];
  return (
    <ReasonDialog<RatingModeration>
      title={`${what} ablehnen`}
      titleId="pb-rating-reject-title"
      submitLabel={`${what} ablehnen`}
      submitVariant="danger"
      facts={
        <>
          <p className={`${styles.ratingText} ${styles.ratingQuote}`}>{t.text}</p>
          <p className="small text-body-secondary">
            {what} von {authorOf(t)}, Vorstellung Nr. {t.introductionId}
          </p>
        </>
      }
      reason={{
        id: 'pb-rating-reject-reason',
        label: 'Grund (geht an die Verfasserin bzw. den Verfasser)',
        maxLength: MODERATION_REASON_MAX_LENGTH,
        rows: 3,
      }}
      schema={ratingModerationSchema}
      input={(reason) => ({ part: t.part, decision: 'reject', reason })}
      busy={moderate.isPending}
      error={moderate.error}
      onCancel={onClose}
      onSubmit={(moderation) =>
        moderate.mutate(
          { ratingId: t.ratingId, moderation },
          {
            onSuccess: () => {
              onClose();
              showSuccess(`${what} abgelehnt; ${t.author.memberName} erhält den Grund.`);
            },
          },
        )
      }
    >
      {t.part === 'comment'
        ? 'Der Kommentar wird nicht veröffentlicht, die Sterne der Bewertung zählen weiter. Einen neuen Kommentar zu dieser Vorstellung gibt es nicht.'
        : 'Die Antwort wird nicht veröffentlicht; eine neue Antwort auf diesen Kommentar ist nicht möglich.'}{' '}
      Die Ablehnung wird protokolliert.
    </ReasonDialog>
  );
}

function TextRow({ t, onReject }: { t: AdminRatingText; onReject: (t: AdminRatingText) => void }) {
  const moderate = useModerateRating();
  const what = PART_LABELS[t.part];
  const approve = () =>
    askFirst({
      title: `${what} freigeben?`,
      body: <ApproveConsequence t={t} />,
      confirmLabel: 'Freigeben',
      confirmVariant: 'success',
      action: () => moderate.mutateAsync({ ratingId: t.ratingId, moderation: { part: t.part, decision: 'approve' } }),
      success: `${what} freigegeben.`,
    });
  return (
    <tr data-testid={`rating-text-${keyOf(t)}`}>
      <td data-label="Geschrieben" className={`${cell.nowrap} ${cell.half}`}>
        {formatDateTime(t.writtenAt)}
      </td>
      <td data-label="Art" className={cell.half}>
        {what}
        {/* Its author is the rated organisation: said, since both name columns show it. */}
        {t.part === 'reply' ? <div className="small text-body-secondary">der bewerteten Organisation</div> : null}
      </td>
      <td data-label="Verfasst von" className={cell.text}>
        {t.author.organisationName}
        <div className="small text-body-secondary">{t.author.memberName}</div>
      </td>
      <td data-label="Bewertet" className={cell.text}>
        {t.rated.organisationName}
      </td>
      <td data-label="Text" className={styles.ratingCell}>
        {t.answers !== null ? (
          // An answer is read with the comment it answers.
          <p className="small text-body-secondary mb-1">
            Antwort auf: <span className={styles.ratingText}>„{t.answers}“</span>
          </p>
        ) : null}
        <p className={`${styles.ratingText} mb-0`}>{t.text}</p>
        {t.state !== 'pending' ? (
          <div className="small mt-1">
            <Badge bg={STATE_BADGES[t.state]}>{MODERATION_STATE_LABELS[t.state]}</Badge>
            {t.rejectionReason ? <> Grund: {t.rejectionReason}</> : null}
          </div>
        ) : null}
      </td>
      <td data-label="Vorstellung" className={cell.nowrap}>
        <Link to={`/admin/introductions?introduction=${t.introductionId}`}>Nr. {t.introductionId}</Link>
      </td>
      {t.state === 'pending' ? (
        <ActionsCell>
          <Button size="sm" variant="outline-success" onClick={approve}>
            Freigeben
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => onReject(t)}>
            Ablehnen
          </Button>
        </ActionsCell>
      ) : null}
    </tr>
  );
}

export function Component() {
  const [filter, setFilter] = useState<RatingTextFilter>('pending');
  const texts = useAdminRatingTexts(filter);
  const [rejecting, setRejecting] = useState<AdminRatingText | null>(null);
  const shown = texts.data ?? [];
  const columns = ['Geschrieben', 'Art', 'Verfasst von', 'Bewertet', 'Text', 'Vorstellung'];
  return (
    <>
      <PageHeader title="Bewertungen">
        <FilterSelect<RatingTextFilter>
          label="Texte filtern"
          value={filter}
          onChange={setFilter}
          options={[
            ['pending', 'Zu prüfen'],
            ['decided', 'Entschieden'],
          ]}
        />
      </PageHeader>
      <p className="small text-body-secondary">
        Kommentare aus Bewertungen und die Antworten der bewerteten Organisationen erscheinen erst nach Ihrer Freigabe.
        Die Sterne zählen ohne Prüfung und werden nur als Durchschnitt ab {RATINGS_MIN_SHOWN} Bewertungen gezeigt.
        Bewertungen sind verdeckt, bis beide Seiten bewertet haben oder {RATING_REVEAL_DAYS} Tage vergangen sind; erst
        dann erscheint ihr Kommentar hier.
      </p>
      <ErrorLine error={texts.error} />
      {texts.isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">
          {filter === 'pending' ? 'Keine Texte warten auf eine Prüfung.' : 'Noch keine Entscheidung.'}
        </p>
      ) : (
        <ResponsiveTable columns={filter === 'pending' ? [...columns, { label: 'Aktionen', end: true }] : columns}>
          {shown.map((t) => (
            <TextRow key={keyOf(t)} t={t} onReject={setRejecting} />
          ))}
        </ResponsiveTable>
      )}
      {rejecting ? <RejectDialog t={rejecting} onClose={() => setRejecting(null)} /> : null}
    </>
  );
}
