import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import Bowser from 'bowser';

/**
 * What the sessions page shows about a sign-in, derived without any outside service
 * (decision 0028): the device from the user agent ('Chrome 131 auf Windows'), the place as
 * the network the address belongs to (IPv4 /24, IPv6 /48) — never the full address.
 */

const MAX_USER_AGENT = 512;

/** 'Chrome 131 auf Windows', 'Safari 17 auf iOS (iPhone)'; 'Unbekanntes Gerät' when nothing is known. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (!ua) return 'Unbekanntes Gerät';
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua);
  } catch {
    return 'Unbekanntes Gerät';
  }
  const browser = parsed.browser.name
    ? `${parsed.browser.name} ${(parsed.browser.version ?? '').split('.')[0]}`.trim()
    : '';
  const model = parsed.platform.model ? ` (${parsed.platform.model})` : '';
  const os = parsed.os.name ? `${parsed.os.name}${model}` : '';
  if (browser && os) return `${browser} auf ${os}`;
  return browser || os || 'Unbekanntes Gerät';
}

/** The network of an address: '203.0.113.0/24', '2001:db8:1::/48'; IPv4-mapped IPv6 counts as IPv4. */
export function networkOf(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(address) === 4) {
    const [a, b, c] = address.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (isIP(address) === 6) {
    const groups = expandIpv6(address)
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''));
    return `${groups.join(':')}::/48`;
  }
  return 'unbekannt';
}

function expandIpv6(address: string): string[] {
  const withoutZone = address.split('%')[0] ?? '';
  const [head = '', tail] = withoutZone.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled above; others keep two groups' worth).
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) => g || '0');
}

/**
 * The key that tells a known device from a new one: the browser's own device id (kept in its
 * storage) when it sends one, otherwise the device label and the network together.
 */
export function deviceKey(deviceId: string | undefined, label: string, network: string): string {
  const source = deviceId ? `id:${deviceId}` : `ua:${label}|${network}`;
  return createHash('sha256').update(source).digest('base64url');
}
