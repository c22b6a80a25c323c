import Badge from 'react-bootstrap/Badge';
import { CHAT_MSG, counterpartName, initials, MSG, truncateTitle, type ChatConversation } from '@pb/core';
import styles from '../chat.module.css';

interface Props {
  conversations: ChatConversation[];
  selectedId: number | null;
  role: 'company' | 'consultant' | 'admin' | null;
  onSelect: (id: number) => void;
}

/** Left pane: the caller's conversations, newest message first (spec §2 Chat). */
export function ConversationList({ conversations, selectedId, role, onSelect }: Props) {
  if (conversations.length === 0) {
    return (
      <div className="p-4 text-center text-body-secondary" data-testid="chat-empty">
        <p className="fw-semibold mb-2">{MSG.noConversations}</p>
        <p className="small mb-0">{role === 'company' ? CHAT_MSG.hintCompany : CHAT_MSG.hintConsultant}</p>
      </div>
    );
  }
  return (
    <ul className="list-group list-group-flush" aria-label="Konversationen">
      {conversations.map((c) => {
        const name = counterpartName(c) ?? MSG.userGone;
        const title = c.advertisement ? truncateTitle(c.advertisement.jobTitle) : MSG.advertisementGone;
        const active = c.id === selectedId;
        return (
          <li key={c.id} className="list-group-item p-0">
            <button
              type="button"
              className={`${styles.row} btn w-100 text-start d-flex align-items-center gap-2 rounded-0 ${active ? 'active' : ''}`}
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              data-testid="chat-row"
            >
              <span className={styles.avatar} aria-hidden="true">
                {initials(counterpartName(c) ?? '?')}
              </span>
              <span className="flex-grow-1 overflow-hidden">
                <span className="d-block fw-semibold text-truncate">{name}</span>
                <span className="d-block small text-secondary text-truncate" title={c.advertisement?.jobTitle}>
                  {title}
                </span>
              </span>
              {c.unread ? (
                <Badge bg="danger" pill>
                  Neue Nachricht
                </Badge>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
