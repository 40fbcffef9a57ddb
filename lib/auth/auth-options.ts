// next-auth configuration: credentials sign-in against the hashed passwords, JWT sessions whose
// secret is derived from SECRET_KEY. Only types come from the "next-auth" entry point, so this
// module stays free of next/* and can be tested outside Next.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { exportNextAuthEnv } from "@/lib/env";
import { AppError } from "@/lib/api/errors";
import { clientAddress } from "@/lib/auth/client-address";
import { sessionCookieName, sessionSecret, usesSecureCookies } from "@/lib/auth/session-cookie";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-lifetime";
import { startBrowserSession } from "@/lib/auth/start-browser-session";
import { db } from "@/lib/db/client";
import { TOO_MANY_ATTEMPTS } from "@/lib/auth/sign-in-error";
import { verifyCredentials, type VerifiedUser } from "@/lib/auth/verify-credentials";

export const SIGN_IN_PATH = "/signin";

/** The cookies next-auth sets (session, sign-in CSRF token, callback URL) under an http PUBLIC_URL's
 *  plain names, marked Secure: for a request that came over https (session-cookie.ts says why the
 *  names stay). The options are next-auth's own for each. */
function secureCookiesUnderPlainNames(): NextAuthOptions["cookies"] {
  const options = { httpOnly: true, sameSite: "lax", path: "/", secure: true } as const;
  return {
    sessionToken: { name: sessionCookieName(), options },
    callbackUrl: { name: "next-auth.callback-url", options },
    csrfToken: { name: "next-auth.csrf-token", options },
  };
}

/** `overHttps`: options for a request that came over https (arrived-over-https.ts). */
export function authOptions({ overHttps = false }: { overHttps?: boolean } = {}): NextAuthOptions {
  exportNextAuthEnv();
  return {
    secret: sessionSecret(),
    // Cookie names from PUBLIC_URL, not from each request's X-Forwarded-Proto, so they match what
    // lib/auth/session-cookie.ts reads (one name per deployment); the Secure flag also from the
    // request, when it came over https behind a trusted proxy.
    useSecureCookies: usesSecureCookies(),
    ...(overHttps && !usesSecureCookies() ? { cookies: secureCookiesUnderPlainNames() } : {}),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    // Errors come back to the sign-in page, which explains them next to the form.
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = String(credentials?.email ?? "");
          const password = String(credentials?.password ?? "");
          if (!email || !password) return null;
          try {
            const address = clientAddress(req.headers ?? {});
            const user = await verifyCredentials({ email, password, clientAddress: address });
            const agent = req.headers?.["user-agent"];
            const sessionId = await startBrowserSession({ userId: user.id, sessionVersion: user.sessionVersion, userAgent: typeof agent === "string" ? agent : null, ipAddress: address });
            return sessionId ? { ...user, sessionId } : null;
          } catch (e) {
            if (e instanceof AppError && e.status === 401) return null; // next-auth: CredentialsSignin
            if (e instanceof AppError && e.status === 429) throw new Error(`${TOO_MANY_ATTEMPTS}:${e.details?.retryAfter ?? ""}`);
            // next-auth puts a thrown error's message into the sign-in page's URL: log it, show a code.
            console.error("sign-in failed", e instanceof Error ? e.stack : e);
            throw new Error("SignInFailed");
          }
        },
      }),
    ],
    // Signing out ends this browser's row too, so it leaves the user's sessions list.
    events: {
      async signOut({ token }) {
        const sid = (token as { sid?: unknown } | null)?.sid;
        if (typeof sid === "string") await db().browserSession.deleteMany({ where: { id: sid } }).catch(() => {});
      },
    },
    callbacks: {
      // The token carries only the user id (sub), its BrowserSession row (sid: ending that row
      // ends the session), the session version it was issued under (sv) and what next-auth adds;
      // roles are read fresh from memberships on every request, so a removed membership takes
      // effect at once. `user` is there only at sign-in; refreshes keep the claims.
      jwt({ token, user }) {
        if (user) {
          const signedIn = user as Partial<VerifiedUser & { sessionId: string }>;
          token.sub = user.id;
          token.sv = signedIn.sessionVersion ?? 0;
          if (signedIn.sessionId) token.sid = signedIn.sessionId;
        }
        return token;
      },
      session({ session, token }) {
        if (session.user) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
