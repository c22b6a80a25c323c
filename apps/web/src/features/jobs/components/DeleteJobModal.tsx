import type { Job } from '@pb/core';
import { ConfirmModal } from '../../../components/FormModal';
import { useDeactivateJob } from '../api/jobs';

/** Delete confirmation (spec §4 Deleting an advertisement): confirming deactivates it. */
export function DeleteJobModal({ job, onClose, onDeleted }: { job: Job; onClose: () => void; onDeleted: () => void }) {
  const deactivate = useDeactivateJob();
  return (
    <ConfirmModal
      title={`Inserat '${job.jobTitle}' löschen`}
      titleId="pb-delete-title"
      titleClassName="text-break"
      onClose={onClose}
      confirmLabel="Inserat löschen"
      pending={deactivate.isPending}
      error={deactivate.error}
      onConfirm={() => deactivate.mutate(job.id, { onSuccess: onDeleted })}
    >
      <p>Das Inserat wird gelöscht und kann nicht wiederhergestellt werden.</p>
      <p className="mb-0">
        Wurde die Stelle über die Prämienbörse erfolgreich besetzt, müssen Sie die Stellenbesetzung melden.
      </p>
    </ConfirmModal>
  );
}
