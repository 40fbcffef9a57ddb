// The tiny router and recorder every fake MSP system is built on: a node:http server on
// 127.0.0.1 (random port) that records each request it receives (method, path, query, headers,
// JSON body) so tests can assert the exact calls a workflow made, and answers from handlers
// that read and change the fake's in-memory state.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  /** Order of arrival across every fake in the process, so calls to several systems can be
   *  asserted in sequence. */
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON; the raw text otherwise; null when empty. */
  body: unknown;
  at: string;
};

export type FakeRequest = RecordedRequest & { params: Record<string, string> };
export type FakeReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

let sequence = 0;

type Route = { method: string; pattern: RegExp; names: string[]; handler: FakeHandler };

export type Router = {
  on: (method: string, path: string, handler: FakeHandler) => Router;
  /** Finds the handler for a request; null when nothing matches (the server answers 404). */
  match: (method: string, path: string) => { handler: FakeHandler; params: Record<string, string> } | null;
};

/** Paths like `/v1/users/:id/licenses`; a `:name` segment matches one URL segment (decoded). */
export function createRouter(): Router {
  const routes: Route[] = [];
  const router: Router = {
    on(method, path, handler) {
      const names: string[] = [];
      const source = path
        .split("/")
        .map((seg) => {
          if (seg.startsWith(":")) {
            names.push(seg.slice(1));
            return "([^/]+)";
          }
          return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("/");
      routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), names, handler });
      return router;
    },
    match(method, path) {
      for (const r of routes) {
        if (r.method !== method.toUpperCase()) continue;
        const m = r.pattern.exec(path);
        if (!m) continue;
        const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
        return { handler: r.handler, params };
      }
      return null;
    },
  };
  return router;
}

export type FakeServer = {
  name: string;
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Requests matching a method and a path (exact string or pattern). */
  received: (method: string, path: string | RegExp) => RecordedRequest[];
  clearRequests: () => void;
  /** Calls `fn` for every request as it arrives (for live logs). */
  onRequest: (fn: (r: RecordedRequest) => void) => void;
  close: () => Promise<void>;
};

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === "") return null;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type FakeServerOptions = {
  /** When set, a request without this exact header value is answered 401 (still recorded),
   *  so tests prove the workflow sent the app connection's credentials. */
  requireHeader?: { name: string; value: string };
};

export async function startFakeServer(name: string, router: Router, opts: FakeServerOptions = {}): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const listeners: ((r: RecordedRequest) => void)[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const rec: RecordedRequest = {
      seq: ++sequence,
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: parseBody(Buffer.concat(chunks).toString("utf8"), req.headers["content-type"]),
      at: new Date().toISOString(),
    };
    requests.push(rec);
    for (const fn of listeners) fn(rec);
    let reply: FakeReply;
    const found = router.match(rec.method, rec.path);
    const need = opts.requireHeader;
    try {
      reply = need && headers[need.name.toLowerCase()] !== need.value
        ? { status: 401, body: { error: "unauthorized", message: `missing or wrong ${need.name}` } }
        : found ? await found.handler({ ...rec, params: found.params }) : { status: 404, body: { error: "not_found", message: `${rec.method} ${rec.path} is not an endpoint of the fake ${name}` } };
    } catch (e) {
      const status = e instanceof FakeError ? e.status : 500;
      reply = { status, body: { error: status === 404 ? "not_found" : "fake_error", message: e instanceof Error ? e.message : String(e) } };
    }
    const status = reply.status ?? 200;
    if (reply.body === undefined || status === 204) {
      res.writeHead(status, reply.headers).end();
      return;
    }
    const isText = typeof reply.body === "string";
    res.writeHead(status, { "content-type": isText ? "text/plain; charset=utf-8" : "application/json", ...reply.headers });
    res.end(isText ? (reply.body as string) : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    received: (method, path) =>
      requests.filter((r) => r.method === method.toUpperCase() && (typeof path === "string" ? r.path === path : path.test(r.path))),
    clearRequests: () => void requests.splice(0),
    onRequest: (fn) => void listeners.push(fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Thrown by handlers to answer with a status other than 500 (e.g. 400, 404, 409). */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON object body, or answers 400 like a real API would. */
export function objectBody(req: FakeRequest): Record<string, unknown> {
  if (req.body && typeof req.body === "object" && !Array.isArray(req.body)) return req.body as Record<string, unknown>;
  throw new FakeError(400, "expected a JSON object body");
}

/** Reads a required string field of the JSON body, or answers 400 naming it. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v !== "string" || v.trim() === "") throw new FakeError(400, `${field} is required`);
  return v;
}

/** Sequential ids that look like the system's own (e.g. "TKT-1001"). */
export function idSequence(prefix: string, start = 1): () => string {
  let n = start;
  return () => `${prefix}${n++}`;
}
