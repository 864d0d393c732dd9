import dns from 'node:dns';
import net from 'node:net';
import type { PushOrigin } from '../config.ts';

/**
 * Which push endpoints the server will ever send to (issue 34, decision 153): only URLs on the push services'
 * origins (PUSH_ALLOWED_ORIGINS), over https, never an address of a private network. Checked when a subscription is
 * saved (400 otherwise) and again when the sender connects (the name must not resolve to a private address), so the
 * server cannot be used to reach anything of its own network (no server-side request forgery).
 */

/** The configured origin an endpoint is on, or null. */
export function allowedOriginOf(endpoint: string, origins: readonly PushOrigin[]): PushOrigin | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  for (const origin of origins) {
    if (url.protocol !== origin.protocol || url.port !== origin.port) continue;
    const matches = origin.host.startsWith('*.') ? host.endsWith(origin.host.slice(1)) && host.length > origin.host.length - 1 : host === origin.host;
    if (!matches) continue;
    // An address written into the URL is accepted only where the configuration names that very address (a test's
    // loopback push service); a name under an allowed domain is checked again when the sender resolves it.
    const literal = net.isIP(host.replace(/^\[|\]$/g, '')) > 0;
    if (literal && !origin.loopback) return null;
    return origin;
  }
  return null;
}

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, shared, documentation, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  if (/^::ffff:/i.test(address)) return true;
  return blocked.check(address, 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the sender's connections: resolves as usual, then refuses any private address (a name of an allowed
 * push domain pointed at our own network). A configured loopback origin (tests) may resolve to loopback.
 */
export function guardedLookup(origin: PushOrigin) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses;
      const refused = list.find((a) => isPrivateAddress(a.address) && !(origin.loopback && (a.address === '127.0.0.1' || a.address === '::1')));
      if (refused || list.length === 0) {
        const denial = Object.assign(new Error(`push endpoint host resolves to a refused address (${refused?.address ?? 'none'})`), {
          code: 'EPUSHADDRESS',
        });
        return callback(denial, '');
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
