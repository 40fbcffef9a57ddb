// Browser sessions over plain HTTP against the real server on a random port: next-auth's
// credentials sign-in, the session cookie accepted by /api/v1, page protection, sign-out, sign
// out everywhere, password change.
import { describe, expect, it } from "vitest";
import { browser, createPasswordUser, testAddress, startAuthServer } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

const signedIn = async (role: "owner" | "viewer" = "owner", workspaceId = server.tenancy.provider.id) => {
  const user = await createPasswordUser({ password: "session-pw-1", memberships: [{ workspaceId, role }] });
  const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
  const res = await b.signIn(user.email, "session-pw-1");
  expect(res.headers.get("location")).toBe(`${server.web.baseUrl}/workspaces`);
  return { user, b, res };
};

describe("browser sign-in (next-auth credentials)", () => {
  it("signs in on whatever host and port the server runs, sets the session cookie and redirects to the callback", async () => {
    const { b, res } = await signedIn();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${server.web.baseUrl}/workspaces`);
    expect(b.jar.has("next-auth.session-token")).toBe(true);
    // Cookies are HttpOnly and SameSite=Lax.
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("lets the session call the management API", async () => {
    const { b } = await signedIn();
    const r = await b.request("/api/v1/workspaces");
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.workspaces.map((w: { kind: string }) => w.kind)).toEqual(["provider", "client", "client"]);
  });

  it("refuses a state-changing API call the browser marks cross-site", async () => {
    const { b } = await signedIn();
    const crossSite = await b.request("/api/v1/auth/token", { method: "DELETE", headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toBe("cross_origin_refused");
    // The same call from the app itself is authenticated (and then told a session has no token to revoke).
    const sameOrigin = await b.request("/api/v1/auth/token", { method: "DELETE", headers: { "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBe(400);
  });

  it("sends a wrong password back to the sign-in page with a clear message", async () => {
    const user = await createPasswordUser({ password: "right-pw-123" });
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    let res = await b.signIn(user.email, "wrong-pw-123", "/w/abc/workflows");
    const hops: string[] = [];
    while (res.status >= 300 && res.status < 400 && hops.length < 5) {
      hops.push(res.headers.get("location")!);
      res = await b.request(hops.at(-1)!);
    }
    expect(new URL(hops.at(-1)!, server.web.baseUrl).pathname).toBe("/signin");
    expect(hops.at(-1)).toContain("error=CredentialsSignin");
    const html = await res.text();
    expect(html).toContain("Wrong e-mail or password.");
    // The page the user was going to is kept for the next try.
    expect(html).toContain('value="/w/abc/workflows"');
    expect(b.jar.has("next-auth.session-token")).toBe(false);
  });

  it("answers an e-mail with a NUL character as a wrong e-mail, without a database error in the URL", async () => {
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    const res = await b.signIn("owner\u0000@example.test", "whatever-pw-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("error=CredentialsSignin");
  });

  it("answers an action next-auth does not have and a method its routes do not take with JSON, as the rest of /api", async () => {
    const call = async (method: string, path: string) => {
      const r = await fetch(`${server.web.baseUrl}${path}`, { method });
      return { path, status: r.status, type: r.headers.get("content-type"), allow: r.headers.get("allow"), body: await r.text() };
    };
    expect(await call("GET", "/api/auth/nope")).toEqual({
      path: "/api/auth/nope", status: 400, type: "application/json", allow: null,
      body: JSON.stringify({ error: "invalid_request", message: "This action with HTTP GET is not supported by NextAuth.js" }),
    });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(await call(method, "/api/auth/session")).toEqual({
        path: "/api/auth/session", status: 405, type: "application/json", allow: "GET, POST, HEAD, OPTIONS",
        body: JSON.stringify({ error: "method_not_allowed", message: `${method} is not allowed here; this route takes GET, POST` }),
      });
    }
    // Its real endpoints answer as before.
    expect((await call("GET", "/api/auth/csrf")).body).toMatch(/^\{"csrfToken":"/);
  });

  it("rejects a forged session cookie", async () => {
    const r = await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: { cookie: "next-auth.session-token=eyJhbGciOiJkaXIifQ..x.y.z" } });
    expect(r.status).toBe(401);
  });

  it("sign-out clears the session", async () => {
    const { b } = await signedIn();
    const res = await b.request("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await b.csrf(), callbackUrl: "/signin" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(b.jar.has("next-auth.session-token")).toBe(false);
    expect((await b.request("/api/v1/workspaces")).status).toBe(401);
  });
});

/** An API token of the user, through the public token route. */
const issueToken = async (email: string, password: string) => {
  const res = await fetch(`${server.web.baseUrl}/api/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
};

describe("sign out everywhere (DELETE /api/v1/auth/sessions)", () => {
  it("ends every browser session of the user at once, and next-auth's refresh does not bring one back", async () => {
    const { user, b } = await signedIn();
    const other = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await other.signIn(user.email, "session-pw-1")).status).toBe(302);
    const stranger = (await signedIn()).b; // another user's session
    expect((await other.request("/api/v1/workspaces")).status).toBe(200);

    const r = await b.request("/api/v1/auth/sessions", { method: "DELETE", headers: { "sec-fetch-site": "same-origin" } });
    expect(r.status).toBe(204);
    for (const s of [b, other]) expect((await s.request("/api/v1/workspaces")).status).toBe(401);
    // next-auth re-issues the cookie when asked for the session; it keeps the old version.
    await other.request("/api/auth/session");
    expect((await other.request("/api/v1/workspaces")).status).toBe(401);
    // Pages send the old cookie to sign-in, which shows its form instead of bouncing back.
    const page = await other.request(`/w/${server.tenancy.provider.id}/workflows`);
    expect(page.status).toBe(307);
    expect(new URL(page.headers.get("location")!, server.web.baseUrl).pathname).toBe("/signin");
    expect((await other.request("/signin")).status).toBe(200);
    // Someone else's session is untouched, and signing in again works.
    expect((await stranger.request("/api/v1/workspaces")).status).toBe(200);
    const again = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await again.signIn(user.email, "session-pw-1");
    expect((await again.request("/api/v1/workspaces")).status).toBe(200);
  });

  it("leaves the user's API tokens working, and works when called with one", async () => {
    const user = await createPasswordUser({ password: "session-pw-2", memberships: [{ workspaceId: server.tenancy.provider.id, role: "owner" }] });
    const token = await issueToken(user.email, "session-pw-2");
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await b.signIn(user.email, "session-pw-2");
    const bearer = { authorization: `Bearer ${token}` };
    expect((await fetch(`${server.web.baseUrl}/api/v1/auth/sessions`, { method: "DELETE", headers: bearer })).status).toBe(204);
    expect((await b.request("/api/v1/workspaces")).status).toBe(401);
    expect((await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: bearer })).status).toBe(200);
  });

  it("refuses a caller who is not signed in", async () => {
    const r = await fetch(`${server.web.baseUrl}/api/v1/auth/sessions`, { method: "DELETE" });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe("change password (POST /api/v1/auth/password)", () => {
  const change = (b: ReturnType<typeof browser>, body: unknown) =>
    b.request("/api/v1/auth/password", { method: "POST", headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" }, body: JSON.stringify(body) });

  it("needs the current password, and refuses a short or unchanged new one, changing nothing", async () => {
    const { user, b } = await signedIn();
    const wrong = await change(b, { currentPassword: "not-it-123", newPassword: "brand-new-pw-1" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: "invalid_current_password" });
    const short = await change(b, { currentPassword: "session-pw-1", newPassword: "short" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/newPassword: must be at least 8 characters/);
    const same = await change(b, { currentPassword: "session-pw-1", newPassword: "session-pw-1" });
    expect(same.status).toBe(400);
    expect((await same.json()).message).toMatch(/must differ/);
    // Still signed in, and the old password still signs in.
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    const again = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await again.signIn(user.email, "session-pw-1")).headers.get("location")).toBe(`${server.web.baseUrl}/workspaces`);
  });

  it("refuses a new password of only spaces with a 400 in words, and the old one stays", async () => {
    const { user, b } = await signedIn();
    for (const blank of [" ".repeat(8), "\t  \n    \t"]) {
      const r = await change(b, { currentPassword: "session-pw-1", newPassword: blank });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: "invalid_request", field: "newPassword", message: "newPassword: must not be only spaces" });
    }
    // Still signed in; eight spaces sign in neither in a browser nor for a token; the old one does.
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    const blank = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await blank.signIn(user.email, " ".repeat(8))).headers.get("location")).toContain("error=CredentialsSignin");
    const token = await fetch(`${server.web.baseUrl}/api/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
      body: JSON.stringify({ email: user.email, password: " ".repeat(8) }),
    });
    expect(token.status).toBe(401);
    const again = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await again.signIn(user.email, "session-pw-1")).headers.get("location")).toBe(`${server.web.baseUrl}/workspaces`);
  });

  it("stores the new password and signs out every other browser session, keeping this one and API tokens", async () => {
    const { user, b } = await signedIn();
    const other = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await other.signIn(user.email, "session-pw-1");
    const token = await issueToken(user.email, "session-pw-1");

    expect((await change(b, { currentPassword: "session-pw-1", newPassword: "brand-new-pw-1" })).status).toBe(204);
    // The browser that changed it stays signed in (it just proved the password); any other, a
    // stolen session included, is out, and its sessions list says so.
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    expect((await b.request(`/w/${server.tenancy.provider.id}/workflows`)).status).toBe(200);
    const left = (await (await b.request("/api/v1/auth/sessions")).json()) as { sessions: { current: boolean }[] };
    expect(left.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await other.request("/api/v1/workspaces")).status).toBe(401);
    expect((await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    const old = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await old.signIn(user.email, "session-pw-1")).headers.get("location")).toContain("error=CredentialsSignin");
    const fresh = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await fresh.signIn(user.email, "brand-new-pw-1");
    expect((await fresh.request("/api/v1/workspaces")).status).toBe(200);
  });
});

describe("signed-in pages", () => {
  it("sends a visitor without a session to /signin, remembering the page", async () => {
    const r = await fetch(`${server.web.baseUrl}/w/${server.tenancy.provider.id}/workflows`, { redirect: "manual" });
    expect(r.status).toBe(307);
    const to = new URL(r.headers.get("location")!, server.web.baseUrl);
    expect(to.pathname).toBe("/signin");
    expect(to.searchParams.get("callbackUrl")).toBe(`/w/${server.tenancy.provider.id}/workflows`);
  });

  it("/workspaces goes to the first accessible workspace, whose empty workflows list says what to do", async () => {
    const { b } = await signedIn();
    const r = await b.request("/workspaces");
    expect(r.status).toBe(307);
    expect(r.headers.get("location")).toContain(`/w/${server.tenancy.provider.id}/workflows`);
    const page = await b.request(`/w/${server.tenancy.provider.id}/workflows`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("No workflows yet");
    expect(html).toContain("Acme IT Services");
  });

  it("a client-only member lands in their client and cannot open the provider's pages", async () => {
    const { b } = await signedIn("owner", server.tenancy.contoso.id);
    const r = await b.request("/workspaces");
    expect(r.headers.get("location")).toContain(`/w/${server.tenancy.contoso.id}/workflows`);
    expect((await b.request(`/w/${server.tenancy.provider.id}/workflows`)).status).toBe(404);
  });

  it("a signed-in visitor of /signin goes on to the app", async () => {
    const { b } = await signedIn();
    const r = await b.request("/signin");
    expect(r.status).toBe(307);
    expect(r.headers.get("location")).toContain("/workspaces");
  });
});
