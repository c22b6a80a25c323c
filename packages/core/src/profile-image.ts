import { IMAGE_MIME_TYPES, MAX_FILE_BYTES } from './constants';
import { MSG } from './messages';

/**
 * Client-side check of a profile image selection (spec §5 Profile image), in the
 * spec's order: one file, at most 5 MB, PNG or JPG. Returns the message or null.
 * The server checks the content again.
 */
export function profileImageError(files: ReadonlyArray<{ size: number; type: string }>): string | null {
  if (files.length !== 1) return MSG.imageOnlyOne;
  const file = files[0]!;
  if (file.size > MAX_FILE_BYTES) return MSG.fileTooLarge;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.imageWrongType;
  return null;
}
