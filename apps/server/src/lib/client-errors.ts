import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, httpErrorName, httpLayerMessage } from './errors';

/**
 * Node's HTTP parser refuses a request before Fastify sees it (header fields too large,
 * malformed request line or headers, a request that did not arrive in time). Fastify's
 * default answer is English JSON; this one is the app's German error envelope, with the
 * security headers every other answer carries. Registered as Fastify's `clientErrorHandler`.
 */

interface ClientError extends Error {
  code?: string;
}

/** 431 for header fields over Node's limit, 408 for the request timeout, else 400. */
export function clientErrorStatus(error: ClientError): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

export function answerClientError(error: ClientError, socket: Duplex, headers: Readonly<Record<string, string>>): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this connection (keep-alive) cannot be followed by another.
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const status = clientErrorStatus(error);
    const body = JSON.stringify(errorBody(status, httpErrorName(status), httpLayerMessage(status), {}));
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Connection: close',
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
