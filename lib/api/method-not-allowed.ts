// Every /api/v1 route answers the methods it does not implement with 405 JSON and an Allow
// header (Next's own 405 has an empty body and no Allow). Each route file spreads this over the
// methods it leaves out, and OPTIONS:
//   export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
// OPTIONS is answered here because Next's automatic OPTIONS lists every exported method in its
// Allow — these 405 handlers included — and so would contradict the 405's Allow.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

export function methodNotAllowed(allowed: readonly Method[]): Record<Method | "OPTIONS", () => Response> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const handler = (method: Method) => () =>
    Response.json(
      { error: "method_not_allowed", message: `${method} is not allowed here; this route takes ${allowed.join(", ")}` },
      { status: 405, headers: { allow } },
    );
  const options = () => new Response(null, { status: 204, headers: { allow } });
  return { ...(Object.fromEntries(METHODS.map((m) => [m, handler(m)])) as Record<Method, () => Response>), OPTIONS: options };
}
