// Without TRUST_PROXY the web server replaces X-Forwarded-For with the socket's address, so a
// client that invents a new address per attempt is still counted as one address by the
// sign-in throttle.
import { describe, expect, it } from "vitest";
import { startTestServer } from "@/tests/helpers/api-server";
import { testAddress } from "@/tests/helpers/auth-fixtures";

const { web } = startTestServer({ tenancy: "none" });

describe("client address for throttling", () => {
  it("ignores a forged X-Forwarded-For when no proxy is trusted", async () => {
    const statuses: number[] = [];
    // Distinct unknown e-mails, so only the per-address count can ever throttle.
    for (let i = 0; i < 24; i++) {
      const res = await fetch(`${web.baseUrl}/api/v1/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
        body: JSON.stringify({ email: `nobody-${i}-${Date.now()}@example.com`, password: "wrong-password" }),
      });
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses).toContain(429);
  });
});
