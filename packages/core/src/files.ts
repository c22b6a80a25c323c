import { z } from './zod';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MIME_TYPES, MAX_CHAT_FILES, MAX_FILE_BYTES } from './constants';
import { MSG } from './messages';

/** What the browser's File offers (and what tests can build by hand). */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type ChatFilesError = 'tooMany' | 'wrongType' | 'tooLarge';

export interface ChatFilesProblem {
  kind: ChatFilesError;
  message: string;
  /** Spec §5: on a type or size error the selection is cleared. */
  clearSelection: boolean;
}

/** True for PDF and Word files, by MIME type or (when the browser reports none) by extension. */
export function isDocumentFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  if (file.type) return (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * Checks a chat/document selection (spec §5 Chat files): at most 5 files, only
 * PDF and Word, each at most 5 MB. Returns the first problem or null.
 */
export function checkChatFiles(files: readonly FileLike[]): ChatFilesProblem | null {
  if (files.length > MAX_CHAT_FILES) return { kind: 'tooMany', message: MSG.chatTooManyFiles, clearSelection: false };
  if (files.some((f) => !isDocumentFile(f)))
    return { kind: 'wrongType', message: MSG.chatWrongType, clearSelection: true };
  if (files.some((f) => f.size > MAX_FILE_BYTES))
    return { kind: 'tooLarge', message: MSG.fileTooLarge, clearSelection: true };
  return null;
}

/** The spec's message for a bad selection, or null when it is fine. */
export function validateChatFiles(files: readonly FileLike[]): string | null {
  return checkChatFiles(files)?.message ?? null;
}

/**
 * A stored document as it leaves the server: chat files and advertisement attachments
 * share this shape; `url` is the authorised download path of its kind.
 */
export const storedFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
