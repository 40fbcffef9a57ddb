// Which IP addresses an outbound step may connect to. Everything that is not plainly public
// unicast is refused (loopback, private, link-local, CGNAT, multicast, reserved, metadata),
// including IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4), unless
// the operator allows a range with HTTP_ALLOWED_PRIVATE_RANGES. Cloud metadata endpoints stay
// refused even inside an allowed range: no workflow has a reason to read instance credentials.
import { BlockList, isIP, isIPv4 } from "node:net";

type Rule = { cidr: string; label: string };

const V4_RULES: Rule[] = [
  { cidr: "169.254.169.254/32", label: "cloud metadata" },
  { cidr: "169.254.170.2/32", label: "cloud metadata" }, // ECS task metadata
  { cidr: "100.100.100.200/32", label: "cloud metadata" }, // Alibaba Cloud
  { cidr: "0.0.0.0/8", label: "unspecified" },
  { cidr: "127.0.0.0/8", label: "loopback" },
  { cidr: "10.0.0.0/8", label: "private" },
  { cidr: "172.16.0.0/12", label: "private" },
  { cidr: "192.168.0.0/16", label: "private" },
  { cidr: "100.64.0.0/10", label: "CGNAT (shared)" },
  { cidr: "169.254.0.0/16", label: "link-local" },
  { cidr: "192.0.0.0/24", label: "reserved" },
  { cidr: "192.0.2.0/24", label: "reserved (documentation)" },
  { cidr: "198.51.100.0/24", label: "reserved (documentation)" },
  { cidr: "203.0.113.0/24", label: "reserved (documentation)" },
  { cidr: "198.18.0.0/15", label: "reserved (benchmarking)" },
  { cidr: "224.0.0.0/4", label: "multicast" },
  { cidr: "240.0.0.0/4", label: "reserved" },
];

const V6_RULES: Rule[] = [
  { cidr: "fd00:ec2::254/128", label: "cloud metadata" },
  { cidr: "::/128", label: "unspecified" },
  { cidr: "::1/128", label: "loopback" },
  { cidr: "fc00::/7", label: "private (unique local)" },
  { cidr: "fe80::/10", label: "link-local" },
  { cidr: "fec0::/10", label: "private (site-local)" },
  { cidr: "ff00::/8", label: "multicast" },
  { cidr: "64:ff9b:1::/48", label: "reserved (local NAT64)" },
  { cidr: "100::/64", label: "reserved (discard)" },
  { cidr: "2001:db8::/32", label: "reserved (documentation)" },
  { cidr: "2001::/32", label: "reserved (Teredo)" },
];

const METADATA_HOSTS = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.com",
  "metadata.oraclecloud.com",
]);

function listOf(rules: Rule[], family: "ipv4" | "ipv6") {
  return rules.map((r) => {
    const [net, bits] = r.cidr.split("/");
    const list = new BlockList();
    list.addSubnet(net, Number(bits), family);
    return { list, label: r.label };
  });
}
const v4Rules = listOf(V4_RULES, "ipv4");
const v6Rules = listOf(V6_RULES, "ipv6");
// Public IPv6 unicast is 2000::/3 only. An address outside it that neither a rule above names
// nor carries an IPv4 address is reserved: ::ffff:0:a.b.c.d (IPv4-translated, which a SIIT
// translator turns into a.b.c.d, 127.0.0.1 or 10.0.0.1 included), 1::, 100::/8 …
const globalUnicast = listOf([{ cidr: "2000::/3", label: "" }], "ipv6")[0].list;

/** An IPv6 address as its eight 16-bit groups ("::" and a trailing dotted quad expanded). */
export function hextets(ip6: string): number[] {
  let s = ip6.toLowerCase().split("%")[0];
  const quad = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (quad) {
    const [a, b, c, d] = quad[1].split(".").map(Number);
    s = s.slice(0, -quad[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail ? tail.split(":") : [];
  const fill = tail !== undefined ? Array(8 - h.length - t.length).fill("0") : [];
  return [...h, ...fill, ...t].map((x) => parseInt(x, 16));
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(ip6: string): string | undefined {
  const g = hextets(ip6);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4From(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4From(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4From(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return v4From(g[1], g[2]); // 6to4
  return undefined;
}

/** Why an address is not public, or null when it is public unicast. */
export function classifyAddress(ip: string): string | null {
  const family = isIP(ip);
  if (family === 4) return v4Rules.find((r) => r.list.check(ip, "ipv4"))?.label ?? (ip === "255.255.255.255" ? "broadcast" : null);
  if (family === 6) {
    const v4 = embeddedIPv4(ip);
    if (v4) return classifyAddress(v4);
    const bare = ip.split("%")[0];
    return v6Rules.find((r) => r.list.check(bare, "ipv6"))?.label ?? (globalUnicast.check(bare, "ipv6") ? null : "reserved (not global unicast)");
  }
  return "not an IP address";
}

export const isMetadataHost = (host: string) => METADATA_HOSTS.has(host.toLowerCase().replace(/\.$/, ""));

export type AddressPolicy = { allowed: BlockList; ranges: string[] };

const policyCache = new Map<string, AddressPolicy>();

/** Parses the operator's allow-list, e.g. "127.0.0.0/8, 10.20.0.0/16, fd12::/16". */
export function parseAllowedRanges(value: string): AddressPolicy {
  const cached = policyCache.get(value);
  if (cached) return cached;
  const allowed = new BlockList();
  const ranges = value.split(",").map((s) => s.trim()).filter(Boolean);
  for (const range of ranges) {
    const [net, bits, extra] = range.split("/");
    const family = isIP(net);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      throw new Error(`HTTP_ALLOWED_PRIVATE_RANGES: "${range}" is not a CIDR range like 10.0.0.0/8`);
    }
    allowed.addSubnet(net, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  const policy = { allowed, ranges };
  policyCache.set(value, policy);
  return policy;
}

/** null when the step may connect to `ip`; otherwise the reason it may not. */
export function refusalFor(ip: string, policy: AddressPolicy): string | null {
  const v4 = isIP(ip) === 6 ? embeddedIPv4(ip) : undefined;
  const effective = v4 ?? ip.split("%")[0];
  const why = classifyAddress(effective);
  if (why === null || why === "cloud metadata") return why;
  const allowed = policy.allowed.check(effective, isIPv4(effective) ? "ipv4" : "ipv6");
  return allowed ? null : why;
}
