// The one wrapper every /api/v1 route handler goes through: authentication, JSON body parsing
// with zod, and mapping errors to JSON. Framework-free (plain Request/Response), so it works in
// Next route handlers and in tests alike.
import { z, ZodError } from "@/lib/z";
import { AppError, badRequest, notFound, passwordChangeRequired, unauthorized } from "@/lib/api/errors";
import { findUnstorableJson } from "@/lib/api/find-unstorable-json";
import { findDroppedProtoKey, protoKeyRefused } from "@/lib/api/find-dropped-proto-key";
import { parseExactJson } from "@/lib/json/parse-exact-json";
import { describeJsonError } from "@/lib/json/describe-json-error";
import { zodIssueField } from "@/lib/api/zod-issue-field";
import { withMisspeltFields } from "@/lib/api/misspelt-field";
import { isDatabaseUnavailable, isStatementTimeout, isTransientConflict } from "@/lib/db/is-database-unavailable";
import { errorFields } from "@/lib/error-fields";
import { asClientClosed, ClientClosedRequest } from "@/lib/api/client-closed-request";
import { logger } from "@/lib/log";
import { assertSameOrigin } from "@/lib/auth/assert-same-origin";
import { authenticateRequest, type AuthUser } from "@/lib/auth/authenticate-request";
import { arrivedOverHttps } from "@/lib/auth/arrived-over-https";
import { renewSessionCookie } from "@/lib/auth/renew-session-cookie";

type RouteContext = { params: Promise<Record<string, string>> };

export type ApiContext<P> = { req: Request; params: P; user: AuthUser };

export function errorResponse(e: unknown): Response {
  if (e instanceof AppError) {
    // A numeric retryAfter (seconds) is also sent as the standard Retry-After header.
    const retryAfter = e.details?.retryAfter;
    const headers = typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : undefined;
    return Response.json({ error: e.code, message: e.message, ...e.details }, { status: e.status, headers });
  }
  if (e instanceof ZodError) {
    // `field` names what to fix, like the other 400s: for a key the body may not hold, the key
    // itself (zod reports it on the object holding it, which for a body is "").
    const field = e.issues[0] ? zodIssueField(e.issues[0]) : "";
    const issues = e.issues.flatMap((i) =>
      i.code === "unrecognized_keys" ? i.keys.map((k) => ({ path: zodIssueField(i, k), message: "unknown field" })) : [{ path: i.path.join("."), message: i.message }],
    );
    return Response.json({ error: "invalid_request", message: describeZodError(e), ...(field ? { field } : {}), issues }, { status: 400 });
  }
  if (e instanceof ClientClosedRequest) {
    // The client went away mid-request (a tab navigated away mid-save): nobody reads this answer,
    // and it is no fault to alert on. 499 is nginx's "client closed request", for the log. Only
    // what is logged and answered: a write that committed before stays committed.
    logger().info({ component: "api", status: 499, err: errorFields(e.cause).err }, "client closed the request: answered 499");
    return Response.json({ error: "client_closed_request", message: e.message }, { status: 499 });
  }
  if (isStatementTimeout(e)) {
    // The database answered but the query ran past statement_timeout: perhaps under load, perhaps
    // a slow query of ours. The caller may retry; the log line is an error, for the alerting.
    logger().error({ component: "api", ...errorFields(e) }, "statement timed out: answered 503");
    return unavailable("statement timed out: the database did not finish this request in time; try again shortly");
  }
  if (isTransientConflict(e)) {
    // Two requests changed the same rows in opposite orders (or under serializable isolation):
    // PostgreSQL rolled this one back whole. Not a fault to alert on; the same request succeeds.
    logger().warn({ component: "api", ...errorFields(e) }, "write collided with another transaction: answered 503");
    return unavailable("this change collided with another change to the same data and was not saved; send it again", 1);
  }
  if (isDatabaseUnavailable(e)) {
    // An outage, not a bug: the caller retries. The cause only, no stack: every request during the
    // outage logs this line, and the frames (Prisma's, the same each time) would say nothing.
    logger().warn({ component: "api", err: errorFields(e).err }, "database unavailable: answered 503");
    return unavailable("database unavailable: the service cannot reach its database right now; try again shortly");
  }
  logger().error({ component: "api", ...errorFields(e) }, "unexpected API error: answered 500");
  return Response.json({ error: "internal_error", message: "something went wrong on our side" }, { status: 500 });
}

/** A 503 the caller should retry: the same code and Retry-After as the intake's. */
const unavailable = (message: string, retryAfter = 5) =>
  Response.json({ error: "temporarily_unavailable", message }, { status: 503, headers: { "retry-after": String(retryAfter) } });

export function describeZodError(e: ZodError): string {
  const i = e.issues[0];
  if (!i) return "invalid request";
  if (i.code === "unrecognized_keys") {
    const names = i.keys.map((k) => JSON.stringify(zodIssueField(i, k))).join(", ");
    return `unknown field${i.keys.length > 1 ? "s" : ""} ${names}: not taken here (misspelt?)`;
  }
  return `${i.path.length ? i.path.join(".") + ": " : ""}${i.message}`;
}

/**
 * A route handler for signed-in callers (session cookie or bearer token). A session's
 * state-changing request from another origin is refused (403 cross_origin_refused). A caller still on a
 * temporary password gets 403 password_change_required, except from the routes that let them
 * change it or sign out (`duringPasswordChange`). A session used here has its cookie renewed
 * (renew-session-cookie.ts): a browser that only calls the API stays signed in while used.
 */
export function apiRoute<P extends Record<string, string> = Record<string, string>>(
  fn: (ctx: ApiContext<P>) => Promise<Response | unknown>,
  opts: { status?: number; duringPasswordChange?: boolean } = {},
) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    let renewed: string | null = null;
    try {
      const user = await authenticateRequest(req);
      if (!user) throw unauthorized();
      if (user.via === "session") {
        assertSameOrigin(req);
        renewed = await renewSessionCookie(req.headers.get("cookie"), Date.now(), arrivedOverHttps(req.headers));
      }
      if (user.mustChangePassword && !opts.duringPasswordChange) throw passwordChangeRequired();
      const params = ((await ctx?.params) ?? {}) as P;
      refuseNul(params, req.url);
      const out = await fn({ req, params, user });
      if (out instanceof Response) return withCookie(out, renewed);
      if (out === undefined) return withCookie(new Response(null, { status: 204 }), renewed);
      return withCookie(Response.json(out, { status: opts.status ?? 200 }), renewed);
    } catch (e) {
      // Work the route gave up on because the request's signal aborted (its client went away).
      const closed = req.signal?.aborted && e instanceof Error && e.name === "AbortError" ? new ClientClosedRequest(e) : e;
      return withCookie(errorResponse(closed), renewed);
    }
  };
}

function withCookie(res: Response, setCookie: string | null): Response {
  if (!setCookie) return res;
  try {
    res.headers.append("set-cookie", setCookie);
    return res;
  } catch {
    // A response whose headers are immutable (one fetched elsewhere): copied with the cookie.
    const copy = new Response(res.body, res);
    copy.headers.append("set-cookie", setCookie);
    return copy;
  }
}

/** The largest JSON body a management route reads (a workflow of hundreds of steps is far less). */
export const MAX_JSON_BODY_BYTES = 5 * 1024 * 1024;

const bodyTooLarge = () =>
  new AppError(413, "payload_too_large", `the request body is over ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB, the limit for this API`);

/**
 * Parses the JSON body with a zod schema. A body that is not JSON, or holds what PostgreSQL
 * cannot store (find-unstorable-json.ts), is a 400 with a clear message; one over 5 MB a 413.
 * `exactIntegers`: an integer beyond double precision is kept as written (parse-exact-json.ts),
 * for a route that stores what it was sent as is (a workflow save's Testing data).
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, opts: { exactIntegers?: boolean } = {}): Promise<z.infer<S>> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_JSON_BODY_BYTES) throw bodyTooLarge();
  const bytes = await readLimited(req, MAX_JSON_BODY_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("the request body is not valid UTF-8");
  }
  let raw: unknown;
  try {
    raw = text.trim() === "" ? {} : opts.exactIntegers ? parseExactJson(text) : JSON.parse(text);
  } catch {
    // Where and what, as the editor's JSON fields say it: "not valid JSON" alone left a script's
    // author hunting for a trailing comma.
    const problem = describeJsonError(text);
    throw badRequest(`the request body is not valid JSON${problem ? `: ${problem}` : ""}`);
  }
  const unstorable = findUnstorableJson(raw);
  if (unstorable) throw badRequest(`${unstorable.path ? `${unstorable.path}: ` : "the request body "}${unstorable.problem}`);
  const r = schema.safeParse(raw);
  if (!r.success) throw withMisspeltFields(r.error, raw);
  // A "__proto__" key the schema left out (a zod record drops it in silence) is refused, at any depth.
  const dropped = findDroppedProtoKey(raw, r.data);
  if (dropped) throw protoKeyRefused(dropped);
  return r.data;
}

// Reads the body, stopping (413) as soon as it passes `limit`: a chunked body has no
// Content-Length to refuse it by, and must not be held in memory whole first.
async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((e: unknown) => {
      throw asClientClosed(e, req);
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// Path segments and query values reach database queries; a NUL there would be a database error.
function refuseNul(params: Record<string, string>, url: string): void {
  if (Object.values(params).some((v) => typeof v === "string" && v.includes("\u0000"))) throw notFound();
  for (const [k, v] of new URL(url).searchParams) {
    if (k.includes("\u0000") || v.includes("\u0000")) throw badRequest(`query parameter ${JSON.stringify(k)} contains the NUL character`);
  }
}
