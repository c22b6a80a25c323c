import { MSG } from '@pb/core';
import { downloadWithToken } from '../../../lib/download';
import { ApiError } from '../../../lib/http';

/** An advertisement's document, downloaded with the login token under its own name. */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  try {
    await downloadWithToken(url, MSG.internal, fileName);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error('Datei nicht gefunden.', { cause: error });
    throw error;
  }
}
