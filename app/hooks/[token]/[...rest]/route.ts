// /hooks/<token>/<more>: an unknown webhook URL, answered by the intake like any other (202 and
// no run for a POST; its whole path after /hooks/ is the token, which no endpoint has), not with
// Next's HTML 404 page. The custom server's fast path reads such a path the same way.
import { serveWebHook } from "@/lib/intake/serve-web";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ token: string; rest: string[] }> };

async function intake(request: Request, { params }: Ctx): Promise<Response> {
  const { token, rest } = await params;
  return serveWebHook(request, [token, ...rest].join("/"));
}

export { intake as POST, intake as GET, intake as HEAD, intake as PUT, intake as PATCH, intake as DELETE, intake as OPTIONS };
