// next-auth's endpoints (sign-in callback, sign-out, csrf, session). Options live in lib/auth.
// Built on the first request, not at import: `next build` imports route modules, and the
// options read SECRET_KEY, which belongs to the running server, not to the build.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

export const dynamic = "force-dynamic";

type Handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
let handler: Handler | undefined;

function nextAuth(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  handler ??= NextAuth(authOptions()) as Handler;
  return handler(req, ctx);
}

export { nextAuth as GET, nextAuth as POST };
