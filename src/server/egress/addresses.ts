import net from 'node:net';

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry, plus multicast and reserved). */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

/** IPv6 ranges that are not the public internet, as [first hextets, prefix length]. */
const V6_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128], // unspecified
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // loopback
  [[0x100, 0, 0, 0], 64], // discard-only
  [[0x2001, 0xdb8], 32], // documentation
  [[0xfc00], 7], // unique-local
  [[0xfe80], 10], // link-local
  [[0xfec0], 10], // site-local (deprecated)
  [[0xff00], 8], // multicast
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (v4ToInt(base) & mask) >>> 0, mask };
});

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  return V4_RANGES.some((r) => (n & r.mask) >>> 0 === r.net);
}

/** The eight 16-bit groups of a valid IPv6 literal (zone id dropped, embedded dotted IPv4 expanded). */
function v6Groups(ip: string): number[] {
  let s = ip.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    s = s.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function v6InRange(groups: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i]! & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const embeddedV4 = (hi: number, lo: number) => `${hi >>> 8}.${hi & 0xff}.${lo >>> 8}.${lo & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for, where one is embedded and reaches that IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function v4Inside(g: number[]): string | undefined {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return embeddedV4(g[6]!, g[7]!);
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return embeddedV4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embeddedV4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return embeddedV4(g[1]!, g[2]!);
  return undefined;
}

/**
 * Whether an IP literal is a public internet address. Private, loopback, link-local, unique-local, CGNAT,
 * multicast, unspecified, documentation and reserved ranges are not, nor IPv6 forms that embed such an IPv4
 * address. Anything that is not an IP literal is not public either.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const kind = net.isIP(bare.replace(/%.*$/, ''));
  if (kind === 4) return !v4Blocked(bare);
  if (kind !== 6) return false;
  const groups = v6Groups(bare);
  if (V6_BLOCKED.some(([prefix, bits]) => v6InRange(groups, prefix, bits))) return false;
  const v4 = v4Inside(groups);
  return v4 === undefined || !v4Blocked(v4);
}
