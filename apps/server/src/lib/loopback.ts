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
