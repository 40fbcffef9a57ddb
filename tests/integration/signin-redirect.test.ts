// /signin sends a signed-in visitor on to its callbackUrl: never to another site, however the
// value is disguised (a tab or newline after the first slash is dropped by browsers, turning
// "/\t/host" into the protocol-relative "//host").
import { describe, expect, it } from "vitest";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

describe("the sign-in page's redirect for a signed-in visitor", () => {
  it("stays on this site for disguised off-site callbacks, and follows a plain path", async () => {
    const user = await createPasswordUser({ password: "redirect-pw-1", memberships: [{ workspaceId: server.tenancy.provider.id, role: "owner" }] });
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await b.signIn(user.email, "redirect-pw-1");

    for (const encoded of ["%2F%09%2F127.0.0.1%3A3200%2Fapi%2Fhealth%2Flive", "%2F%0A%2Fevil.example", "%2F%0D%2Fevil.example", "%2F%5Cevil.example", "%5C%2Fevil.example", "%2F%E3%80%80%2Fevil.example"]) {
      const res = await b.request(`/signin?callbackUrl=${encoded}`);
      expect(res.status, encoded).toBeGreaterThanOrEqual(300);
      expect(res.status, encoded).toBeLessThan(400);
      const location = res.headers.get("location")!;
      expect(location, encoded).not.toMatch(/[\s\\]/);
      expect(new URL(location, server.web.baseUrl).origin, encoded).toBe(server.web.baseUrl);
      expect(new URL(location, server.web.baseUrl).pathname, encoded).toBe("/workspaces");
    }
    const plain = await b.request(`/signin?callbackUrl=${encodeURIComponent("/w/x/../abc/workflows?tab=1")}`);
    expect(new URL(plain.headers.get("location")!, server.web.baseUrl).pathname).toBe("/w/abc/workflows");
  });

  it("sends a page path with a trailing slash to the path without it (308), query kept", async () => {
    for (const [path, to] of [["/workspaces/", "/workspaces"], ["/w/abc/workflows/?tab=runs", "/w/abc/workflows?tab=runs"]]) {
      const res = await fetch(`${server.web.baseUrl}${path}`, { redirect: "manual" });
      expect([path, res.status]).toEqual([path, 308]);
      const location = new URL(res.headers.get("location")!, server.web.baseUrl);
      expect(location.pathname + location.search).toBe(to);
    }
  });
});
