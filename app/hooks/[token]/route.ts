// Inbound deliveries through Next (next dev, or a deployment without the custom server):
// a thin adapter over the same intake the custom server's fast path uses.
import { serveWebHook } from "@/lib/intake/serve-web";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Ctx = { params: Promise<{ token: string }> };

async function intake(request: Request, { params }: Ctx): Promise<Response> {
  return serveWebHook(request, (await params).token);
}

export { intake as POST, intake as GET, intake as HEAD, intake as PUT, intake as PATCH, intake as DELETE, intake as OPTIONS };
