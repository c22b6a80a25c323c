import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { IMAGE_MIME_TYPES } from '@pb/core';
import { LineIcon } from '../../components/LineIcon';
import styles from './profile.module.css';

/**
 * Image picker of the public profile (spec §2 Profile edit; since issue 31 the agency's logo):
 * drag and drop or click, with a preview and a remove button. The parent checks the selection.
 */
export function ProfileImageInput({
  previewUrl,
  hasImage,
  initialsText,
  error,
  onSelect,
  onRemove,
}: {
  previewUrl: string | null;
  hasImage: boolean;
  initialsText: string;
  error: string | null;
  onSelect: (files: File[]) => void;
  onRemove: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const open = () => inputRef.current?.click();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onSelect(Array.from(event.dataTransfer.files));
  };

  return (
    <div>
      <span className="form-label d-block" id="profile-image-label">
        Logo
      </span>
      <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-3">
        <div className={styles.imagePreview}>
          {previewUrl ? (
            <img src={previewUrl} alt="Vorschau des Logos" />
          ) : (
            <span className={styles.imagePlaceholder} aria-hidden="true">
              {initialsText || '?'}
            </span>
          )}
        </div>
        <div
          role="button"
          tabIndex={0}
          aria-labelledby="profile-image-label profile-image-hint"
          className={`${styles.dropzone} flex-grow-1 ${dragging ? styles.dropzoneActive : ''} ${error ? styles.dropzoneError : ''}`}
          onClick={open}
          onKeyDown={onKeyDown}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="profile-image-dropzone"
        >
          <LineIcon size={28} aria-hidden="true">
            <path d="M12 16V4M7 9l5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </LineIcon>
          <span id="profile-image-hint">
            Bild hierher ziehen oder{' '}
            <span className="fw-semibold text-decoration-underline" style={{ color: '#0a58ca' }}>
              klicken
            </span>
            , um eine Datei auszuwählen
          </span>
          <span className="small text-secondary">PNG oder JPG, höchstens 5 MB</span>
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        className="visually-hidden"
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        aria-label="Logo auswählen"
        tabIndex={-1}
        onChange={(e) => {
          onSelect(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {error ? (
        <div className="text-danger small mt-2" role="alert">
          {error}
        </div>
      ) : null}
      {hasImage ? (
        <Button variant="link" className="text-danger px-0 mt-1" onClick={onRemove}>
          Logo entfernen
        </Button>
      ) : null}
    </div>
  );
}
