import { useState } from 'react';
import { fileSizeText, fileTypeLabel, shortenFileName } from '@pb/core';
import type { JobAttachment } from '@pb/core';
import { downloadFile } from '../api/download';
import { Icon } from '../../../components/Icon';
import styles from '../jobs.module.css';

/** Documents of an advertisement with download buttons (and remove buttons for the owner). */
export function AttachmentList({
  files,
  onRemove,
  removing = false,
}: {
  files: readonly JobAttachment[];
  onRemove?: (file: JobAttachment) => void;
  removing?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <ul className={`list-unstyled mb-0 ${styles.attachments}`} aria-label="Dokumente">
        {files.map((file) => (
          <li key={file.id} className="d-flex align-items-center gap-2">
            <Icon name="file" />
            <button
              type="button"
              className="btn btn-link p-0 text-start text-truncate"
              title={file.name}
              onClick={() => {
                setError(null);
                downloadFile(file.url, file.name).catch((e: unknown) =>
                  setError(e instanceof Error ? e.message : String(e)),
                );
              }}
            >
              {shortenFileName(file.name)}
            </button>
            <span className="small text-body-secondary text-nowrap">
              {fileTypeLabel(file.ext || file.name)} · {fileSizeText(file.size)}
            </span>
            {onRemove && (
              <button
                type="button"
                className="btn btn-link btn-sm text-danger ms-auto p-0"
                aria-label={`Datei ${file.name} entfernen`}
                disabled={removing}
                onClick={() => onRemove(file)}
              >
                <Icon name="trash" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && <p className="small text-danger mt-2 mb-0">{error}</p>}
    </>
  );
}
