import type { PublishedRatingComment } from '@pb/core';
import styles from './trust.module.css';

/**
 * The published comments of an organisation's ratings (issue 36), newest first as the server sends
 * them: the comment, its month ('November 2026'; no rater, no introduction) and the organisation's one answer.
 */
export function PublishedComments({ comments }: { comments: PublishedRatingComment[] }) {
  if (comments.length === 0) return <p className="text-body-secondary mb-0">Noch keine veröffentlichten Kommentare.</p>;
  return (
    <ul className={styles.comments}>
      {comments.map((c) => (
        <li key={c.id}>
          <blockquote className={styles.comment}>{c.comment}</blockquote>
          <p className="small text-body-secondary mb-0">{c.month}</p>
          {c.reply !== null ? (
            <div className={styles.reply}>
              <p className="small fw-semibold mb-1">Antwort der Organisation</p>
              <p className="mb-0">{c.reply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
