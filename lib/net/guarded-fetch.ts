// The only way step code reaches the network: an HTTP client with an SSRF guard. Only http and
// https; odd host spellings (0x7f000001, 2130706433, 0177.0.0.1, [::1]) are normalised by the
// WHATWG URL parser before the check; every hop of a redirect chain (followed here, at most 5)
// is checked again, and credentials are not carried to another origin.
import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { aAddress, OutboundError, refused } from "./errors";
import { systemResolver, type Resolver } from "./guarded-lookup";
import { isMetadataHost, parseAllowedRanges, refusalFor, type AddressPolicy } from "./ip-policy";
import { sendOnce } from "./send-once";

export type GuardedFetchOptions = {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Header names (lower case) never sent to an origin other than the first one. */
  sensitiveHeaders?: string[];
  /** The body holds credentials (an OAuth token request's client_secret): a redirect to another
   *  origin that would send it again (307/308) fails instead of being followed. */
  bodyStaysWithOrigin?: boolean;
  /** Default: HTTP_ALLOWED_PRIVATE_RANGES of this process. */
  policy?: AddressPolicy;
  resolver?: Resolver;
};

/** One request of a redirect chain that was answered with a redirect. */
export type RedirectHop = { method: string; url: string; status: number };

/** `url` and `method` are the last request's: after a 303 (or a 301/302 to a POST) the request
 *  that got this answer was a GET. `redirects` are the requests before it, in order. */
export type GuardedResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer; url: string; method: string; redirects: RedirectHop[] };

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ALWAYS_SENSITIVE = ["authorization", "proxy-authorization", "cookie"];

export const processPolicy = (): AddressPolicy => parseAllowedRanges(env().HTTP_ALLOWED_PRIVATE_RANGES);

/** Parses and checks a URL before any connection: scheme, metadata names, literal addresses. */
export function checkUrl(raw: string | URL, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = typeof raw === "string" ? new URL(raw.trim()) : raw;
  } catch {
    throw new OutboundError("bad_url", `not a valid URL: ${String(raw).slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refused(`${url.protocol} URLs are not allowed, only http and https`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new OutboundError("bad_url", `the URL has no host: ${url.href.slice(0, 200)}`);
  if (isMetadataHost(host)) throw refused(`${host} is a cloud metadata host`);
  if (isIP(host)) {
    const why = refusalFor(host, policy);
    if (why) throw refused(`${host} is ${aAddress(why)}`);
  }
  return url;
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  const drop = new Set(names.map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.has(k.toLowerCase())));
}

export async function guardedFetch(opts: GuardedFetchOptions): Promise<GuardedResponse> {
  const policy = opts.policy ?? processPolicy();
  const resolver = opts.resolver ?? systemResolver;
  const maxRedirects = opts.maxRedirects ?? 5;
  const sensitive = [...ALWAYS_SENSITIVE, ...(opts.sensitiveHeaders ?? [])];

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new OutboundError("timeout", `no complete response within ${opts.timeoutMs / 1000} s`)), opts.timeoutMs);
  const onOuterAbort = () => deadline.abort(new OutboundError("timeout", "the request was cancelled"));
  if (opts.signal?.aborted) onOuterAbort();
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });

  let url = checkUrl(opts.url, policy);
  const origin = url.origin;
  let method = (opts.method ?? "GET").toUpperCase();
  let body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body, "utf8");
  let headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br", ...opts.headers };
  if ((url.username || url.password) && !Object.keys(headers).some((k) => k.toLowerCase() === "authorization")) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
  }
  // Where a redirect was leading when a hop failed: the failure names it, not the first URL.
  let redirectedTo: string | null = null;
  const redirects: RedirectHop[] = [];
  try {
    for (let hop = 0; ; hop++) {
      if (body) headers = { ...withoutHeaders(headers, ["content-length"]), "content-length": String(body.length) };
      const res = await sendOnce({ url, method, headers, body, maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, signal: deadline.signal, policy, resolver });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || !location) return { ...res, url: url.href, method, redirects };
      redirects.push({ method, url: url.href, status: res.status });
      if (hop >= maxRedirects) throw new OutboundError("too_many_redirects", `more than ${maxRedirects} redirects (last to ${location.slice(0, 200)})`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundError("bad_url", `the redirect location is not a valid URL: ${location.slice(0, 200)}`);
      }
      // Origin and path, no query (it often carries keys); a scheme refused has no origin.
      redirectedTo = next.origin === "null" ? `a ${next.protocol} URL` : `${next.origin}${next.pathname}`;
      url = checkUrl(next, policy);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        if (method !== "HEAD") method = "GET";
        body = undefined;
        headers = withoutHeaders(headers, ["content-length", "content-type"]);
      }
      if (url.origin !== origin) {
        if (body && opts.bodyStaysWithOrigin) throw new OutboundError("refused", "the redirect leads to another origin, which would be sent the request's body and its credentials: not followed");
        headers = withoutHeaders(headers, sensitive);
      }
    }
  } catch (e) {
    if (redirectedTo && e instanceof OutboundError) throw new OutboundError(e.kind, `${e.message}, after a redirect to ${redirectedTo}`);
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
}
