// DNS resolution that refuses forbidden addresses. Handed to node:http as the socket's
// `lookup`, so the address checked is the very address the socket then connects to: a name
// that resolves to a public address for a pre-check and to 10.0.0.1 a moment later (DNS
// rebinding) is checked on the second answer, the one actually used.
import { promises as dns, type LookupAddress, type LookupOptions } from "node:dns";
import { aAddress, OutboundError, refused } from "./errors";
import { refusalFor, type AddressPolicy } from "./ip-policy";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Name → addresses. Injectable so tests can simulate public names and rebinding. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const all = await dns.lookup(hostname, { all: true, order: "verbatim" });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves and checks every address; one forbidden answer refuses the name. */
export async function resolveChecked(hostname: string, policy: AddressPolicy, resolver: Resolver): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(hostname);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new OutboundError("network", `could not resolve ${hostname}${code ? ` (${code})` : ""}`);
  }
  if (addresses.length === 0) throw new OutboundError("network", `could not resolve ${hostname}`);
  for (const a of addresses) {
    const why = refusalFor(a.address, policy);
    if (why) throw refused(`${hostname} resolves to ${a.address}, ${aAddress(why)}`);
  }
  return addresses;
}

export function guardedLookup(policy: AddressPolicy, resolver: Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveChecked(hostname, policy, resolver).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(new OutboundError("network", `${hostname} has no IPv${options.family} address`), "");
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, ""),
    );
  };
}
