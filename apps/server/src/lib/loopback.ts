import type { FastifyReply, FastifyRequest } from 'fastify';
import net from 'node:net';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True for an address of this machine's loopback: 127.0.0.0/8, ::1 and the IPv4-mapped
 * IPv6 form (::ffff:127.x.y.z). Meant for a socket's remote address; never pass a
 * header value such as X-Forwarded-For.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (net.isIPv4(address)) return loopback.check(address, 'ipv4');
  if (net.isIPv6(address)) return loopback.check(address, 'ipv6');
  return false;
}

/**
 * Headers a proxy adds on the way (RFC 7239 Forwarded, the X-Forwarded-* family, nginx's
 * X-Real-IP, Via). A client may send them itself too; either way the request does not come
 * from this machine's own user straight.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'via',
] as const;

export interface LocalRequestFacts {
  /** The socket's peer address (never a header value). */
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** TRUST_PROXY: the operator runs a balancer in front, so any connection may be the balancer's. */
  trustProxy: boolean;
}

/**
 * True when the request comes from this machine itself and not through a proxy: the socket's
 * peer is loopback, no proxy header is present, and TRUST_PROXY is off. Behind a balancer on
 * the same machine every request's socket is loopback; this keeps those requests remote.
 * Used for the dev mailbox and /metrics without a token (docs/operations.md).
 */
export function isLocalRequest(facts: LocalRequestFacts): boolean {
  if (facts.trustProxy) return false;
  if (PROXY_HEADERS.some((name) => facts.headers[name] !== undefined)) return false;
  return isLoopbackAddress(facts.remoteAddress);
}

/**
 * An onRequest hook for routes only this machine may use (the dev mailbox, the dev job runner):
 * any other caller gets the ordinary 404, as if the route did not exist.
 */
export function localOnly(trustProxy: LocalRequestFacts['trustProxy']) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const local = isLocalRequest({
      remoteAddress: request.socket.remoteAddress,
      headers: request.headers,
      trustProxy,
    });
    if (local) return;
    reply.callNotFound();
    return reply;
  };
}
