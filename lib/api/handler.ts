// The one wrapper every /api/v1 route handler goes through: authentication, JSON body parsing
// with zod, and mapping errors to JSON. Framework-free (plain Request/Response), so it works in
// Next route handlers and in tests alike.
import { z, ZodError } from "zod";
import { AppError, badRequest, passwordChangeRequired, unauthorized } from "@/lib/api/errors";
import { authenticateRequest, type AuthUser } from "@/lib/auth/authenticate-request";

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
    return Response.json(
      { error: "invalid_request", message: describeZodError(e), issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })) },
      { status: 400 },
    );
  }
  console.error("unhandled API error", e instanceof Error ? e.stack : e);
  return Response.json({ error: "internal_error", message: "something went wrong on our side" }, { status: 500 });
}

export function describeZodError(e: ZodError): string {
  const i = e.issues[0];
  return i ? `${i.path.length ? i.path.join(".") + ": " : ""}${i.message}` : "invalid request";
}

/**
 * A route handler for signed-in callers (session cookie or bearer token). A caller still on a
 * temporary password gets 403 password_change_required, except from the routes that let them
 * change it or sign out (`duringPasswordChange`).
 */
export function apiRoute<P extends Record<string, string> = Record<string, string>>(
  fn: (ctx: ApiContext<P>) => Promise<Response | unknown>,
  opts: { status?: number; duringPasswordChange?: boolean } = {},
) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    try {
      const user = await authenticateRequest(req);
      if (!user) throw unauthorized();
      if (user.mustChangePassword && !opts.duringPasswordChange) throw passwordChangeRequired();
      const params = ((await ctx?.params) ?? {}) as P;
      const out = await fn({ req, params, user });
      if (out instanceof Response) return out;
      if (out === undefined) return new Response(null, { status: 204 });
      return Response.json(out, { status: opts.status ?? 200 });
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/** Parses the JSON body with a zod schema; a body that is not JSON is a 400 with a clear message. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("the request body is not valid JSON");
  }
  return schema.parse(raw);
}
