// One HTTP exchange (no redirects) over node:http/https with the guarded lookup, a re-check
// of the connected socket's remote address, a hard cap on the decoded response size, and
// cancellation by signal. Redirects are followed by guarded-fetch.ts, one checked hop at a time.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { aAddress, OutboundError, refused } from "./errors";
import { guardedLookup, type Resolver } from "./guarded-lookup";
import { refusalFor, type AddressPolicy } from "./ip-policy";

export type HopRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  maxResponseBytes: number;
  signal: AbortSignal;
  policy: AddressPolicy;
  resolver: Resolver;
};

export type HopResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

function decoded(res: http.IncomingMessage): Readable {
  const enc = String(res.headers["content-encoding"] ?? "").trim().toLowerCase();
  if (enc === "gzip" || enc === "x-gzip") return res.pipe(zlib.createGunzip());
  if (enc === "deflate") return res.pipe(zlib.createInflate());
  if (enc === "br") return res.pipe(zlib.createBrotliDecompress());
  return res;
}

export function sendOnce(req: HopRequest): Promise<HopResponse> {
  const { url, signal } = req;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const client = url.protocol === "https:" ? https : http;
  return new Promise<HopResponse>((resolve, reject) => {
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      reject(e);
    };
    const r = client.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers: req.headers,
      agent: false,
      // Called for names only; literal IPs were checked by the caller and again below.
      lookup: guardedLookup(req.policy, req.resolver) as never,
      servername: isIP(host) ? undefined : host,
    });
    const onAbort = () => {
      const reason = signal.reason instanceof OutboundError ? signal.reason : new OutboundError("timeout", "the request was cancelled");
      fail(reason);
      r.destroy(reason);
    };
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => signal.removeEventListener("abort", onAbort);

    r.on("socket", (socket) => {
      // Defence in depth: whatever path produced the address, refuse the connected peer.
      socket.once("connect", () => {
        const peer = socket.remoteAddress;
        const why = peer ? refusalFor(peer, req.policy) : "unknown";
        if (why) r.destroy(refused(`${host} connected to ${peer}, ${aAddress(why)}`));
      });
    });
    r.on("error", (e) => {
      cleanup();
      if (e instanceof OutboundError) return fail(e);
      const code = (e as NodeJS.ErrnoException).code;
      // Callers say which request this was (the HTTP step its method and URL, the AI step its
      // endpoint): naming it here too made "GET http://h/: GET http://h failed: ECONNREFUSED".
      fail(new OutboundError("network", `connection error (${code ?? e.message})`));
    });
    r.on("response", (res) => {
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > req.maxResponseBytes && !res.headers["content-encoding"]) {
        cleanup();
        fail(new OutboundError("too_large", `the response is ${mb(declared)}; the limit is ${mb(req.maxResponseBytes)}`));
        return r.destroy();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const body = decoded(res);
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > req.maxResponseBytes) {
          cleanup();
          // Settle first: destroying the socket makes the response emit its own errors.
          fail(new OutboundError("too_large", `the response is larger than ${mb(req.maxResponseBytes)}, the limit`));
          r.destroy();
          body.destroy();
          return;
        }
        chunks.push(chunk);
      });
      body.on("error", (e) => {
        cleanup();
        fail(e instanceof OutboundError ? e : new OutboundError("network", `reading the response failed: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
      });
      const cut = () => fail(new OutboundError("network", "the connection closed before the response was complete"));
      res.on("aborted", cut);
      if (body !== res) res.on("error", cut);
      body.on("end", () => {
        cleanup();
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    if (req.body && req.body.length > 0) r.end(req.body);
    else r.end();
  });
}
