// HTTP_ALLOWED_PRIVATE_RANGES opens private ranges to HTTP steps; public addresses are open
// anyway and cloud metadata stays refused inside any range (lib/net/ip-policy.ts). So a range
// broader than the broadest private block (10.0.0.0/8, fc00::/7) can only be a way to switch
// the SSRF guard off (0.0.0.0/0 opens this machine's loopback, the database included), and one
// that reaches public space is a typo in its prefix: both are refused at start.
// An IPv6 range over the IPv4-mapped (or -compatible) block is judged as the IPv4 range it is.
import { isIP } from "node:net";
import { classifyAddress, hextets } from "@/lib/net/ip-policy";

const BROADEST = { 4: 8, 6: 7 } as const;

const v6ToBigInt = (ip: string) => hextets(ip).reduce((n, g) => (n << 16n) | BigInt(g), 0n);
const v4Text = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join(".");

const bigIntToV6 = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(":");

/** The first and last address of a CIDR (or bare address) that parseAllowedRanges accepted. */
function bounds(net: string, family: 4 | 6, prefix: number): [string, string] {
  if (family === 4) {
    const n = net.split(".").reduce((a, o) => a * 256 + Number(o), 0);
    const size = 2 ** (32 - prefix);
    const first = Math.floor(n / size) * size;
    return [v4Text(first), v4Text(first + size - 1)];
  }
  const host = (1n << BigInt(128 - prefix)) - 1n;
  const first = v6ToBigInt(net) & ~host;
  return [bigIntToV6(first), bigIntToV6(first | host)];
}

const MAPPED = 0xffffn << 32n; // ::ffff:0:0/96, IPv4-mapped
const COMPATIBLE = 0n; // ::/96, IPv4-compatible (deprecated)

/**
 * The IPv4 range an IPv6 range amounts to when it overlaps the IPv4-mapped (or -compatible)
 * block: the HTTP step checks such addresses as IPv4, and Node's BlockList matches IPv4
 * addresses against ::ffff: ranges, so ::ffff:0:0/96 opens every IPv4 address like 0.0.0.0/0.
 */
function ipv4Equivalent(net: string, prefix: number): string | undefined {
  const host = (1n << BigInt(128 - prefix)) - 1n;
  const first = v6ToBigInt(net) & ~host;
  for (const block of [MAPPED, COMPATIBLE]) {
    if (prefix >= 96 && first >> 32n === block >> 32n) {
      return `${v4Text(Number(first & 0xffffffffn))}/${prefix - 96}`;
    }
    if (prefix < 96 && first <= block && block <= (first | host)) return "0.0.0.0/0"; // holds the whole block
  }
  return undefined;
}

/** Why this allowed range is refused, or null. `range` is one entry parseAllowedRanges took. */
export function checkAllowedRange(range: string): string | null {
  const [net, bits] = range.split("/");
  const family = isIP(net) as 4 | 6;
  const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
  if (prefix < BROADEST[family]) {
    return `"${range}" is broader than any private range (IPv4 /${BROADEST[4]}, IPv6 /${BROADEST[6]}): it would let HTTP steps reach every loopback, private and link-local address, this machine's database included; list only the networks the steps need, e.g. 10.20.0.0/16`;
  }
  const v4 = family === 6 ? ipv4Equivalent(net, prefix) : undefined;
  if (v4) return checkAllowedRange(v4)?.replace(`"${v4}"`, `"${range}" (IPv4 ${v4})`) ?? null;
  const [first, last] = bounds(net, family, prefix);
  if (classifyAddress(first) === null || classifyAddress(last) === null) {
    return `"${range}" reaches public addresses, which HTTP steps may call anyway; this setting opens private ranges only (check the prefix, e.g. 10.0.0.0/8)`;
  }
  return null;
}
