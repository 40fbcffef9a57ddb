// Which session cookie the server sets and accepts follows PUBLIC_URL's scheme, not the request's:
// with an https public URL only __Secure-next-auth.session-token counts, so an attacker who can
// plant the unprefixed cookie (plain HTTP to the same host, no HSTS) cannot sign a victim's
// browser into the attacker's account (login CSRF). With an http public URL (local use, tests)
// only the plain name counts. The test server speaks plain HTTP either way, as behind a
// TLS-terminating proxy.
import { decode, encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSecret } from "@/lib/auth/session-cookie";
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

async function signedIn(ctx: { web: WebService; workspaceId: string }, headers: Record<string, string> = {}) {
  const user = await createPasswordUser({ password: "cookie-name-pw-1", memberships: [{ workspaceId: ctx.workspaceId, role: "owner" }] });
  const b = browser(ctx.web.baseUrl, { "x-forwarded-for": testAddress(), ...headers });
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

// A site served over https by a TLS proxy whose PUBLIC_URL was left http: the proxy (trusted:
// TRUST_PROXY) says so in X-Forwarded-Proto, and the cookies come marked Secure, never sent over
// plain HTTP, under the same plain name, so nothing else changes for the browser.
describe("session cookie with an http PUBLIC_URL behind a TLS proxy", () => {
  const ctx = serverWith(null);
  const overHttps = { "x-forwarded-proto": "https" };

  it("is set Secure under the plain name when the request came over https, renewed and cleared so", async () => {
    const { b, setCookies } = await signedIn(ctx, overHttps);
    const session = setCookies.filter((c) => c.includes("next-auth.session-token"));
    expect(session.map((c) => c.split("=")[0])).toEqual([PLAIN]);
    expect(session[0]).toMatch(/;\s*Secure/i);
    const csrf = await fetch(`${ctx.web.baseUrl}/api/auth/csrf`, { headers: { "x-forwarded-for": testAddress(), ...overHttps } });
    expect(csrf.headers.getSetCookie().find((c) => c.startsWith("next-auth.csrf-token="))).toMatch(/;\s*Secure/i);
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    const page = await pageWith(ctx.web, b.jar.header());
    expect(new URL(page.headers.get("location") ?? "/workspaces", ctx.web.baseUrl).pathname).not.toBe("/signin");

    // A session about to run out, used over https: renewed Secure, by the API and by a page.
    const claims = (await decode({ token: tokenOf(setCookies)!, secret: sessionSecret() }))!;
    const { iat, exp, jti, ...token } = claims;
    const old = `${PLAIN}=${await encode({ token, secret: sessionSecret(), maxAge: 60 })}`;
    for (const path of ["/api/v1/workspaces", "/workspaces"]) {
      const res = await fetch(`${ctx.web.baseUrl}${path}`, { headers: { cookie: old, "x-forwarded-for": testAddress(), ...overHttps }, redirect: "manual" });
      const renewed = res.headers.getSetCookie().find((c) => c.startsWith(`${PLAIN}=`));
      expect(renewed, path).toMatch(/;\s*Secure/i);
    }

    const out = await b.request("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await b.csrf() }).toString(),
    });
    expect(out.status).toBe(302);
    expect(b.jar.has(PLAIN)).toBe(false);
    expect((await b.request("/api/v1/workspaces")).status).toBe(401);
  });

  it("stays plain on a request the proxy says came over plain HTTP", async () => {
    const { setCookies } = await signedIn(ctx, { "x-forwarded-proto": "http" });
    expect(setCookies.find((c) => c.startsWith(`${PLAIN}=`))).not.toMatch(/;\s*Secure/i);
  });
});
