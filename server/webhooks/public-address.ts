/**
 * Where a webhook may be sent: only to public unicast addresses (never loopback, private, link-local,
 * carrier-grade NAT, documentation, multicast or reserved ranges), unless WEBHOOKS_ALLOW_PRIVATE=true.
 * A host name is checked on every address it resolves to, at save and again at each send, and the
 * connection is made to the address that was checked (no second lookup a DNS rebinding could answer).
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { webhookMessages } from '../../shared/webhooks';
import { ClientError } from '../errors';

/** Non-public IPv4 ranges (IANA special-purpose registry, multicast and reserved). */
const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** Inside global unicast (2000::/3), the ranges that are not public hosts: IETF protocol assignments (Teredo …), documentation, 6to4. */
const IPV6_BLOCKED: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
];

const blocked = new net.BlockList();
for (const [address, prefix] of IPV4_BLOCKED) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of IPV6_BLOCKED) blocked.addSubnet(address, prefix, 'ipv6');
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...(tail === undefined ? [] : Array<string>(missing).fill('0')), ...right].map((group) => parseInt(group, 16));
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** True for an address a webhook may be sent to: a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  // an IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return isPublicAddress(`${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`);
  }
  return globalUnicast.check(address, 'ipv6') && !blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (the system resolver, as a connection would). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * The address to connect to for `url`: its host resolved, every address checked (one non-public
 * address refuses the URL, so a host cannot mix a private address in). ClientError(400) for a URL
 * that may not be used, with the message to show.
 */
export async function checkedAddress(url: URL, allowPrivate: boolean, resolve: Resolve): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new ClientError(400, webhookMessages.urlNotResolved(host));
  }
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new ClientError(400, webhookMessages.urlNotPublic(host));
  }
  return addresses[0];
}

/** The URL of a hook as it may be stored: http(s), no credentials; its host is checked by checkedAddress. */
export function webhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ClientError(400, webhookMessages.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ClientError(400, webhookMessages.urlInvalid);
  if (url.username || url.password) throw new ClientError(400, webhookMessages.urlCredentials);
  return url;
}
