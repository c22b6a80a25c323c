import type { FastifyReply } from 'fastify';
import { notFound } from './errors';
import type { FileStorage } from './storage';

/** RFC 6266/5987 Content-Disposition naming the file (ASCII fallback plus the UTF-8 name). */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A PDF made or kept by the server, for the one reader the route has authorised: never cached. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

export interface StoredFileResponse {
  key: string;
  mime: string;
  /** Content-Disposition value (see contentDisposition). */
  disposition: string;
  cacheControl: string;
}

/**
 * Streams a stored file to the client after the route's own authorisation check. The file
 * always passes through the server (disk or S3 alike): no store address ever reaches a client.
 * A row whose file is gone answers 404; a store that does not answer, 503 (error handler).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFileResponse,
  notFoundMessage?: string,
): Promise<FastifyReply> {
  const stored = await storage.open(file.key);
  if (!stored) throw notFound(notFoundMessage);
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(stored.size))
    .header('content-disposition', file.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cacheControl)
    .send(stored.stream);
}
