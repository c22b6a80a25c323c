import { useState } from 'react';
import {
  fileSizeText,
  fileTypeLabel,
  formatDateTime,
  initials,
  shortenFileName,
  type ChatFile,
  type ChatMessage,
} from '@pb/core';
import { downloadChatFile } from '../api/chatFile';
import { FileIcon } from './icons';
import styles from '../chat.module.css';

/** One message: initials, username, 'HH:mm, dd.MM.yyyy', text as text, files with download (spec §2). */
export function MessageItem({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={`d-flex gap-2 mb-3 ${own ? `flex-row-reverse ${styles.own}` : ''}`} data-testid="chat-message">
      <span className={`${styles.avatar} flex-shrink-0`} aria-hidden="true">
        {initials(message.username)}
      </span>
      <div className={`${styles.bubble} ${own ? 'text-end' : ''}`}>
        <div className="small text-secondary mb-1">
          <span className="fw-semibold text-body">{message.username}</span> ·{' '}
          <time className="text-nowrap" dateTime={message.timestamp}>
            {formatDateTime(message.timestamp)}
          </time>
        </div>
        {message.message ? <p className={`${styles.text} mb-1`}>{message.message}</p> : null}
        {message.files.length > 0 ? (
          <ul className="list-unstyled mb-0">
            {message.files.map((file) => (
              <FileItem key={file.id} file={file} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

function FileItem({ file }: { file: ChatFile }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className={`${styles.file} d-flex align-items-center gap-2 text-start`}>
      <span className="text-danger">
        <FileIcon />
      </span>
      <span className="flex-grow-1">
        <span className="d-block fw-semibold" title={file.name}>
          {shortenFileName(file.name)}
        </span>
        <span className="d-block small text-secondary">
          {fileTypeLabel(file.ext)} · {fileSizeText(file.size)}
        </span>
        {failed ? <span className="d-block small text-danger">Die Datei konnte nicht geladen werden.</span> : null}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => {
          setFailed(false);
          downloadChatFile(file).catch(() => setFailed(true));
        }}
        aria-label={`${file.name} herunterladen`}
      >
        Herunterladen
      </button>
    </li>
  );
}
