import Badge from 'react-bootstrap/Badge';
import { useUnreadConversationCount } from '../api/conversations';

/** The menu's count of conversations with the caller's own unread flag; nothing when there are none. */
export function UnreadBadge() {
  const unread = useUnreadConversationCount();
  if (!unread) return null;
  return (
    <Badge pill bg="danger" className="ms-1">
      {unread}
      <span className="visually-hidden"> ungelesene Konversationen</span>
    </Badge>
  );
}
