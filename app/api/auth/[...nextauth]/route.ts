// next-auth's endpoints (sign-in callback, sign-out, csrf, session). Options live in lib/auth.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

export const dynamic = "force-dynamic";

const handler = NextAuth(authOptions());

export { handler as GET, handler as POST };
