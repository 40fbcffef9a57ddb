// Which session cookie the server sets and accepts follows PUBLIC_URL's scheme, not the request's:
// with an https public URL only __Secure-next-auth.session-token counts, so an attacker who can
// plant the unprefixed cookie (plain HTTP to the same host, no HSTS) cannot sign a victim's
// browser into the attacker's account (login CSRF). With an http public URL (local use, tests)
// only the plain name counts. The test server speaks plain HTTP either way, as behind a
// TLS-terminating proxy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, createPasswordUser, createProviderWithClients, testAddress } from "@/tests/helpers/auth-fixtures";
import { startWeb, type WebService } from "@/tests/helpers/services";

const SECURE = "__Secure-next-auth.session-token";
const PLAIN = "next-auth.session-token";

function serverWith(publicUrl: string | null) {
  const ctx = {} as { web: WebService; workspaceId: string };
  beforeAll(async () => {
    const [web, tenancy] = await Promise.all([startWeb({ TRUST_PROXY: "true", ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) }), createProviderWithClients()]);
    ctx.web = web;
    ctx.workspaceId = tenancy.provider.id;
  });
  afterAll(async () => {
    await ctx.web?.stop();
  });
  return ctx;
}

async function signedIn(ctx: { web: WebService; workspaceId: string }) {
  const user = await createPasswordUser({ password: "cookie-name-pw-1", memberships: [{ workspaceId: ctx.workspaceId, role: "owner" }] });
  const b = browser(ctx.web.baseUrl, { "x-forwarded-for": testAddress() });
  const res = await b.signIn(user.email, "cookie-name-pw-1");
  expect(res.status).toBe(302);
  return { b, setCookies: res.headers.getSetCookie() };
}

// The session token the sign-in set, whatever it was named.
const tokenOf = (setCookies: string[]) => /^(?:__Secure-)?next-auth\.session-token=([^;]+)/.exec(setCookies.find((c) => /^(?:__Secure-)?next-auth\.session-token=/.test(c)) ?? "")?.[1];

const workspacesWith = (web: WebService, cookie: string) => fetch(`${web.baseUrl}/api/v1/workspaces`, { headers: { cookie } });
const pageWith = (web: WebService, cookie: string) => fetch(`${web.baseUrl}/workspaces`, { headers: { cookie }, redirect: "manual" });

describe("session cookie with an https PUBLIC_URL", () => {
  const ctx = serverWith("https://flows.example.test");

  it("signs in with the __Secure- cookie only, marked Secure, and that session calls the API", async () => {
    const { b, setCookies } = await signedIn(ctx);
    const session = setCookies.filter((c) => c.includes("next-auth.session-token"));
    expect(session.map((c) => c.split("=")[0])).toEqual([SECURE]);
    expect(session[0]).toMatch(/;\s*Secure/i);
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    // Signing out clears the same cookie.
    const out = await b.request("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await b.csrf() }).toString(),
    });
    expect(out.status).toBe(302);
    expect(b.jar.has(SECURE)).toBe(false);
    expect((await b.request("/api/v1/workspaces")).status).toBe(401);
  });

  it("refuses a valid session token planted under the unprefixed name, on the API and on pages", async () => {
    const token = tokenOf((await signedIn(ctx)).setCookies);
    expect(token).toBeTruthy();
    expect((await workspacesWith(ctx.web, `${SECURE}=${token}`)).status).toBe(200);
    expect((await workspacesWith(ctx.web, `${PLAIN}=${token}`)).status).toBe(401);
    expect((await workspacesWith(ctx.web, `${PLAIN}.0=${token}`)).status).toBe(401);
    const page = await pageWith(ctx.web, `${PLAIN}=${token}`);
    expect(page.status).toBe(307);
    expect(new URL(page.headers.get("location")!, ctx.web.baseUrl).pathname).toBe("/signin");
  });
});

describe("session cookie with an http PUBLIC_URL", () => {
  const ctx = serverWith(null);

  it("signs in with the plain cookie only, and a token under the __Secure- name is not accepted", async () => {
    const { b, setCookies } = await signedIn(ctx);
    const session = setCookies.filter((c) => c.includes("next-auth.session-token"));
    expect(session.map((c) => c.split("=")[0])).toEqual([PLAIN]);
    expect(session[0]).not.toMatch(/;\s*Secure/i);
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    const token = tokenOf(setCookies);
    expect((await workspacesWith(ctx.web, `${SECURE}=${token}`)).status).toBe(401);
  });
});
