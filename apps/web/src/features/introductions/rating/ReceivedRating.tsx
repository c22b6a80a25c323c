import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  RATING_MSG,
  RATING_REPLY_MAX_LENGTH,
  RATINGS_MIN_SHOWN,
  ratingReplySchema,
  type ReceivedRating as Received,
} from '@pb/core';
import { askFirst } from '../../../components/feedback/feedback';
import { FormErrorSummary } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { useSchemaForm } from '../../../lib/useSchemaSubmit';
import { useReplyToRating } from '../api/rating';
import { ModerationLine } from './ModerationState';
import styles from './rating.module.css';

const REPLY_ID = 'pb-rating-reply';

/** The rated organisation's one answer: checked by core's schema, asked first, confirmed after. */
function ReplyForm({ introductionId, received }: { introductionId: number; received: Received }) {
  const answer = useReplyToRating(introductionId);
  const [reply, setReply] = useState('');
  const form = useSchemaForm(ratingReplySchema, { reply }, { reply: REPLY_ID });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = form.check();
    if (!checked) return;
    askFirst({
      title: 'Antwort abschicken?',
      body: (
        <>
          <p className={styles.quote}>{checked.reply}</p>
          <p className="mb-0">
            <strong>Sie können nur einmal antworten und die Antwort danach nicht mehr ändern.</strong> Sie erscheint
            unter dem Kommentar, sobald das Backoffice sie geprüft hat.
          </p>
        </>
      ),
      confirmLabel: 'Antwort abschicken',
      confirmVariant: 'primary',
      action: () => answer.mutateAsync({ ratingId: received.id, reply: checked.reply }),
      success: RATING_MSG.replySaved,
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Antwort auf den Kommentar">
      <TextField
        id={REPLY_ID}
        rows={3}
        label="Ihre Antwort"
        value={reply}
        maxLength={RATING_REPLY_MAX_LENGTH}
        counted
        onChange={setReply}
        invalid={form.errors['reply'] !== undefined}
        feedback={form.errors['reply']}
        hint="Sie können einmal antworten. Die Antwort erscheint unter dem Kommentar, sobald das Backoffice sie geprüft hat."
      />
      <FormErrorSummary problem={form.summary} />
      <Button type="submit" variant="outline-primary" className="mt-3">
        Antwort abschicken
      </Button>
    </Form>
  );
}

/**
 * The other side's published comment about the caller's organisation (never its scores) and the
 * one answer to it: the form while none was written, else the answer with the office's decision.
 */
export function ReceivedRating({
  introductionId,
  received,
  author,
}: {
  introductionId: number;
  received: Received;
  author: string | null;
}) {
  return (
    <div className={styles.part} data-testid="rating-received">
      <h3 className="h6">Kommentar {author ? `von ${author}` : 'der anderen Seite'} über Ihre Organisation</h3>
      <p className={styles.quote}>{received.comment}</p>
      <p className="small text-body-secondary">
        Vom Backoffice freigegeben. Im Profil Ihrer Organisation steht er ohne Namen, sobald es mindestens{' '}
        {RATINGS_MIN_SHOWN} Bewertungen gibt.
      </p>
      {received.canReply ? (
        <ReplyForm introductionId={introductionId} received={received} />
      ) : received.reply !== null && received.replyState !== null ? (
        <>
          <h4 className="h6 small fw-semibold">Ihre Antwort</h4>
          <p className={styles.quote}>{received.reply}</p>
          <ModerationLine
            state={received.replyState}
            reason={received.replyRejectionReason}
            rejectedText="Die Antwort wird nicht veröffentlicht."
          />
        </>
      ) : null}
    </div>
  );
}
