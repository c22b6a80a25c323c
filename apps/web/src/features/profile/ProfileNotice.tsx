import Alert from 'react-bootstrap/Alert';

export type Notice = { variant: 'success' | 'danger'; text: string } | null;

/** The profile's dismissible feedback after an action. */
export function ProfileNotice({
  notice,
  onClose,
  role = 'alert',
}: {
  notice: Notice;
  onClose: () => void;
  role?: 'alert' | 'status';
}) {
  if (!notice) return null;
  return (
    <Alert variant={notice.variant} dismissible onClose={onClose} closeLabel="Hinweis schließen" role={role}>
      {notice.text}
    </Alert>
  );
}
