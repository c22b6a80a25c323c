import type { ChatFile } from '@pb/core';
import { downloadWithToken } from '../../../lib/download';

/** Downloads a chat file with the bearer token (plain links cannot carry it) under its original name. */
export function downloadChatFile(file: ChatFile): Promise<void> {
  return downloadWithToken(file.url, 'Die Datei konnte nicht geladen werden.', file.name);
}
