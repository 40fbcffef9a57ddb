// One autocannon phase against a URL: 1 KB JSON bodies, each carrying a sequence number so
// every 202 can be matched with its run afterwards; optionally HMAC-signed like GitHub does.
import { createHmac } from "node:crypto";
import { createRequire } from "node:module";

type Histogram = { p50: number; p99: number; average: number; max: number };
type Result = {
  duration: number;
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
type Context = { seq?: number };
type AutocannonRequest = {
  method: string;
  setupRequest?: (req: { body?: string; headers?: Record<string, string> }, ctx: Context) => unknown;
  onResponse?: (status: number, body: string, ctx: Context) => void;
};
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export type Phase = {
  name: string;
  reqPerSec: number;
  acceptedPerSec: number;
  accepted: number;
  p50: number;
  p99: number;
  other: Record<string, number>;
  errors: number;
  /** Sequence numbers answered 202. */
  acceptedSeqs: Set<number>;
};

const PAD = "x".repeat(1024);

/** A JSON body of exactly 1,024 bytes carrying `seq`. */
export function body(seq: number): string {
  const head = `{"seq":${seq},"event":"alert.created","host":{"id":"srv-01","os":"windows"},"severity":"high","pad":"`;
  return head + PAD.slice(0, 1024 - head.length - 2) + '"}';
}

export async function runPhase(opts: {
  name: string;
  url: string;
  seconds: number;
  connections: number;
  seqStart?: number;
  secret?: string;
  signatureHeader?: string;
}): Promise<Phase> {
  let seq = opts.seqStart ?? 0;
  const acceptedSeqs = new Set<number>();
  const request: AutocannonRequest = {
    method: "POST",
    setupRequest: (req, ctx) => {
      ctx.seq = seq++;
      const b = body(ctx.seq);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (opts.secret) headers[opts.signatureHeader!] = `sha256=${createHmac("sha256", opts.secret).update(b).digest("hex")}`;
      return { ...req, body: b, headers };
    },
    onResponse: (status, _b, ctx) => {
      if (status === 202 && ctx.seq !== undefined) acceptedSeqs.add(ctx.seq);
    },
  };
  const r = await autocannon({ url: opts.url, connections: opts.connections, duration: opts.seconds, requests: [request], timeout: 30 });
  const accepted = r.statusCodeStats["202"]?.count ?? 0;
  const other = Object.fromEntries(Object.entries(r.statusCodeStats).filter(([c]) => c !== "202").map(([c, v]) => [c, v.count]));
  return {
    name: opts.name,
    reqPerSec: r.requests.total / r.duration,
    acceptedPerSec: accepted / r.duration,
    accepted,
    p50: r.latency.p50,
    p99: r.latency.p99,
    other,
    errors: r.errors,
    acceptedSeqs,
  };
}
