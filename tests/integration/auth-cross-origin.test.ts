// CSRF from a *same-site* page: SameSite=Lax cookies ride along on requests from another port of
// the same host, and a no-cors text/plain POST needs no preflight. A session's state-changing
// API request must come from this app's own origin; bearer tokens are not affected. And every
// page and API response carries the security headers (no framing, no sniffing).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "@/tests/helpers/api-fixtures";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

async function signedInOwner() {
  const workspaceId = server.tenancy.provider.id;
  const user = await createPasswordUser({ password: "csrf-pw-123", memberships: [{ workspaceId, role: "owner" }] });
  const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
  await b.signIn(user.email, "csrf-pw-123");
  expect(b.jar.has("next-auth.session-token")).toBe(true);
  return { b, workspaceId };
}

// What the attacking page's fetch(…, {method: "POST", mode: "no-cors", body: "…"}) sends.
const addClient = (name: string, headers: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "text/plain;charset=UTF-8", ...headers },
  body: JSON.stringify({ name }),
});

describe("session-cookie writes from another origin", () => {
  it("refuses them with 403 cross_origin_refused and changes nothing", async () => {
    const { b, workspaceId } = await signedInOwner();
    const path = `/api/v1/workspaces/${workspaceId}/clients`;
    const sameSiteOrigin = `http://127.0.0.1:${server.web.port + 1}`; // another port: same site, other origin
    const attempts: Record<string, string>[] = [
      { origin: sameSiteOrigin, "sec-fetch-site": "same-site" },
      { origin: sameSiteOrigin },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site", origin: "http://evil.example" },
      { origin: "null" },
      { origin: `http://localhost:${server.web.port}` }, // the same server under another name is another origin
    ];
    for (const [i, headers] of attempts.entries()) {
      const res = await b.request(path, addClient(`CSRF victim ${i}`, headers));
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: "cross_origin_refused", message: expect.stringMatching(/^cross-origin request refused/) });
    }
    expect(await db().workspace.count({ where: { name: { startsWith: "CSRF victim" } } })).toBe(0);
    // Reading is not a write: a GET from the same-site page is answered as before.
    expect((await b.request("/api/v1/workspaces", { headers: { origin: sameSiteOrigin, "sec-fetch-site": "same-site" } })).status).toBe(200);
  });

  it("accepts them from the app's own pages, and from clients that send no browser headers", async () => {
    const { b, workspaceId } = await signedInOwner();
    const path = `/api/v1/workspaces/${workspaceId}/clients`;
    const own = await b.request(path, addClient("Own page client", { origin: server.web.baseUrl, "sec-fetch-site": "same-origin" }));
    expect(own.status).toBe(201);
    const typed = await b.request(path, addClient("Typed client", { "sec-fetch-site": "none" }));
    expect(typed.status).toBe(201);
    const bare = await b.request(path, addClient("Bare client", {}));
    expect(bare.status).toBe(201);
  });

  it("leaves bearer-token callers alone, whatever Origin they send", async () => {
    const owner = await createUser([{ workspaceId: server.tenancy.provider.id, role: "owner" }]);
    const res = await fetch(`${server.web.baseUrl}/api/v1/workspaces/${server.tenancy.provider.id}/clients`, {
      ...addClient("Token client", { origin: "http://elsewhere.example", "sec-fetch-site": "cross-site" }),
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json", origin: "http://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(201);
  });
});

describe("security headers", () => {
  it("are on pages, redirects and API answers", async () => {
    for (const path of ["/signin", "/", "/api/health/live", "/api/v1/workspaces", "/no-such-page"]) {
      const res = await fetch(`${server.web.baseUrl}${path}`, { redirect: "manual" });
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      // The rest of each policy: content-security-policy.test.ts.
      expect(res.headers.get("content-security-policy"), path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});
