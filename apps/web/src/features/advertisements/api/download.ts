import { MSG } from '@pb/core';
import { storage } from '../../../lib/storage';

/**
 * Authorised download (the server wants the Bearer token, so a plain link would
 * not do): fetches the file and hands it to the browser under its own name.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const token = storage.token;
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(response.status === 404 ? 'Datei nicht gefunden.' : MSG.internal);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
