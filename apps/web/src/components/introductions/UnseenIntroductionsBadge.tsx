import Badge from 'react-bootstrap/Badge';
import { useUnseenIntroductions } from './api';

/** The company's menu count of introductions it has not opened yet (live); nothing when there are none. */
export function UnseenIntroductionsBadge() {
  const unseen = useUnseenIntroductions(true);
  if (!unseen.data) return null;
  return (
    <Badge pill bg="danger" className="ms-1" data-testid="introductions-unseen">
      {unseen.data}
      <span className="visually-hidden"> neue Vorstellungen</span>
    </Badge>
  );
}
