import { ApiError } from './http';
import { storage } from './storage';

/**
 * Hands a fetched file to the browser: under `fileName`, else the name the server sends in
 * Content-Disposition, else `fallbackName`.
 */
export async function saveResponseAsFile(
  response: Response,
  fileName?: string,
  fallbackName = 'download',
): Promise<void> {
  const sentName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName ?? sentName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/**
 * Authorised download: the server wants the Bearer token, so a plain link would not
 * do. Fetches the file and hands it to the browser under `fileName`, or the name the
 * server sends in Content-Disposition. Non-2xx answers throw ApiError(status, failMessage).
 */
export async function downloadWithToken(url: string, failMessage: string, fileName?: string): Promise<void> {
  const token = storage.token;
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, failMessage, null);
  await saveResponseAsFile(response, fileName);
}
