import { ConfirmModal } from '../../components/FormModal';
import { useDeactivateAccount } from './api/deactivateAccount';

/** Deactivation (spec §4/§8): a confirmation; a failure closes the modal and the page shows the message. */
export function DeactivateAccountModal({
  show,
  userId,
  onClose,
  onDeactivated,
  onFailed,
}: {
  show: boolean;
  userId: number;
  onClose: () => void;
  onDeactivated: () => void;
  onFailed: () => void;
}) {
  const mutation = useDeactivateAccount({
    onSuccess: onDeactivated,
    onError: () => {
      onClose();
      onFailed();
    },
  });

  return (
    <ConfirmModal
      show={show}
      title="Account deaktivieren"
      titleId="deactivate-title"
      onClose={onClose}
      confirmLabel="Account endgültig deaktivieren"
      pending={mutation.isPending}
      onConfirm={() => mutation.mutate(userId)}
    >
      <p>Möchten Sie Ihren Account wirklich deaktivieren?</p>
      <p className="mb-0 text-secondary">
        Ihre persönlichen Daten werden gelöscht und Sie werden ausgeloggt. Dieser Schritt kann nicht rückgängig gemacht
        werden.
      </p>
    </ConfirmModal>
  );
}
