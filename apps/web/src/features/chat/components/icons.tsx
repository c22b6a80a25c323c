import { LineIcon } from '../../../components/LineIcon';

/** Small inline icons (no icon font or emoji needed). */
export function PaperclipIcon() {
  return (
    <LineIcon size={18} aria-hidden="true" focusable="false">
      <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
    </LineIcon>
  );
}

export function FileIcon() {
  return (
    <LineIcon size={22} strokeWidth={1.8} aria-hidden="true" focusable="false">
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <polyline points="14 2 14 8 20 8" />
    </LineIcon>
  );
}
