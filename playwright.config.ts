// End-to-end tests in a real browser against the real launcher (`npm start`'s scripts/start.ts):
// embedded PostgreSQL in its own, freshly wiped data folder, so the seed (owner@example.com /
// change-me-now, "Acme IT Services" with two clients) is known. Tooling, so it reads
// process.env directly rather than lib/env.ts.
import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";

const port = Number(process.env.E2E_PORT || 3217);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR || ".data/e2e";

// Playwright cannot download its own browser on these machines: use Debian's Chromium.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const SEED_OWNER = { email: "owner@example.com", password: "change-me-now" };

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties this folder when it starts: parallel runs in one checkout each set their own.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  // One worker: the specs share the seeded database (each sets up what it asserts, so any order works).
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // Wiped first so every run starts from the seed; exec so the launcher gets the signals.
    command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" "${dataDir}" && exec node --import tsx scripts/start.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The first run may build the app.
    timeout: 10 * 60_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // Always the embedded database of this run, never a DATABASE_URL from the shell.
      DATABASE_URL: undefined as unknown as string,
      SEED_OWNER_EMAIL: SEED_OWNER.email,
      SEED_OWNER_PASSWORD: SEED_OWNER.password,
      // Builds go where the caller's do (parallel checkouts/sessions use their own folder).
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
      NEXT_TELEMETRY_DISABLED: "1",
      // One loopback address for the fakes a spec starts itself (step-test-sends.spec.ts), so an
      // HTTP step may reach them; every other private address is refused as in production.
      HTTP_ALLOWED_PRIVATE_RANGES: "127.0.0.77/32",
    },
  },
});
