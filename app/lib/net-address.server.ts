import { isIPv4, isIPv6 } from 'node:net';

/*
 * Which addresses the server may connect to on a shopper's or staff member's say-so
 * (safe-fetch.server.ts). Only addresses on the public internet: never this machine, the
 * local network, the provider's network, link-local services (cloud metadata at
 * 169.254.169.254) or special-purpose ranges. IPv6 forms that carry an IPv4 address
 * (mapped, NAT64, 6to4) are judged by that IPv4 address.
 */

/** IPv4 ranges that are not public, as [first octets as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const v4Number = (text: string) => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const V4_RANGES = PRIVATE_V4.map(([base, bits]) => ({ base: v4Number(base), size: 2 ** (32 - bits) }));

function publicV4(n: number): boolean {
  return !V4_RANGES.some((r) => n >= r.base && n < r.base + r.size);
}

/** The 8 groups of an IPv6 address (already checked by isIPv6; a zone "%eth0" is dropped). */
function v6Groups(text: string): number[] {
  let s = text.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = v4Number(dotted[1]);
    s = `${s.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  if (tail === undefined) return left;
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function publicV6(g: number[]): boolean {
  const v4At = (i: number) => g[i] * 65536 + g[i + 1];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64): the IPv4 address is what is reached.
  if (zeros(0, 5) && g[5] === 0xffff) return publicV4(v4At(6));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return publicV4(v4At(6));
  // 6to4 (2002:a.b.c.d::/48) tunnels to the IPv4 address it names.
  if (g[0] === 0x2002) return publicV4(v4At(1));
  // Only global unicast (2000::/3) is public; within it, IETF assignments (Teredo,
  // ORCHID, benchmarking: 2001::/23) and documentation (2001:db8::/32) are not.
  // Everything outside — ::, ::1, IPv4-compatible ::a.b.c.d, 64:ff9b:1::/48, 100::/64,
  // fc00::/7 unique-local, fe80::/10 link-local, fec0::/10, ff00::/8 multicast — is refused.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] < 0x200 || g[1] === 0xdb8)) return false;
  return true;
}

/** Whether a literal IP address (v4 dotted, or v6) is on the public internet. Anything else is not. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return publicV4(v4Number(address));
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv6(bare)) return publicV6(v6Groups(bare));
  return false;
}
