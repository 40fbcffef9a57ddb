// Content-Security-Policy on every answer: a page allows only scripts carrying its request's own
// nonce (and what they load), so markup injected into a page cannot run script with the
// technician's session; answers no browser renders as a page (API, /metrics, assets, the intake
// through either adapter) allow nothing at all. One header each: two would both be enforced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";
import { startWeb, type WebService } from "@/tests/helpers/services";

const MACHINE = "default-src 'none'; frame-ancestors 'none'";
const server = startAuthServer();
let nextRouteWeb: WebService; // the intake through Next's route handler, not the fast path
beforeAll(async () => {
  nextRouteWeb = await startWeb({ INTAKE_FAST_PATH: "false" });
});
afterAll(async () => {
  await nextRouteWeb?.stop();
});

async function signedIn() {
  const user = await createPasswordUser({ password: "csp-pw-123", memberships: [{ workspaceId: server.tenancy.provider.id, role: "owner" }] });
  const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
  expect((await b.signIn(user.email, "csp-pw-123")).status).toBe(302);
  return b;
}

/** The page policy's directives by name, after checking the header is there once. */
function directives(res: Response): Map<string, string[]> {
  const header = res.headers.get("content-security-policy") ?? "";
  const out = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    expect(out.has(name), `${name} twice in ${header}`).toBe(false);
    out.set(name, values);
  }
  return out;
}

const nonceOf = (policy: Map<string, string[]>) => /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(policy.get("script-src")?.find((v) => v.startsWith("'nonce-")) ?? "")?.[1];

describe("pages", () => {
  it("allow only scripts with a nonce that is new on every request, and every script Next writes carries it", async () => {
    const b = await signedIn();
    const seen = new Set<string>();
    const ws = `/w/${server.tenancy.provider.id}`;
    for (const path of [`${ws}/workflows`, `${ws}/workflows`, `${ws}/runs`, "/no-such-page"]) {
      const res = await b.request(path);
      expect(res.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      const policy = directives(res);
      const nonce = nonceOf(policy);
      expect(nonce, path).toBeDefined();
      expect(seen.has(nonce!), `${path}: a nonce used before`).toBe(false);
      seen.add(nonce!);
      // No way around the nonce: neither inline script nor eval (production), and nothing framed,
      // embedded, re-based or posted elsewhere.
      expect(policy.get("script-src"), path).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(policy.get("default-src"), path).toEqual(["'self'"]);
      expect(policy.get("object-src"), path).toEqual(["'none'"]);
      expect(policy.get("base-uri"), path).toEqual(["'self'"]);
      expect(policy.get("form-action"), path).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(` nonce="${nonce}"`);
    }
  });

  it("the sign-in page and the redirect to it have a nonced policy too", async () => {
    const anonymous = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    const redirect = await anonymous.request("/workspaces");
    expect(redirect.status).toBe(307);
    expect(nonceOf(directives(redirect))).toBeDefined();
    const signin = await anonymous.request("/signin");
    expect(signin.status).toBe(200);
    const nonce = nonceOf(directives(signin));
    expect(nonce).toBeDefined();
    for (const tag of (await signin.text()).match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(` nonce="${nonce}"`);
  });
});

describe("answers that are not pages", () => {
  it("API answers, /metrics, Next's assets and the intake's answers through both adapters allow nothing", async () => {
    const signin = await (await fetch(`${server.web.baseUrl}/signin`)).text();
    const asset = /<script\b[^>]*\ssrc="(\/_next\/static\/[^"]+)"/.exec(signin)?.[1];
    expect(asset).toBeDefined();
    const answers: [string, Response][] = [];
    for (const [web, path, init] of [
      [server.web, "/api/health/live"],
      [server.web, "/api/v1/workspaces"], // 401 JSON
      [server.web, "/api/v1/no-such-route"],
      [server.web, "/metrics"],
      [server.web, asset!],
      [server.web, "/hooks/no-such-token", { method: "POST", body: "{}" }], // the fast path
      [server.web, "/hooks/no-such-token"], // the fast path's 405
      [server.web, "/w/%FF"], // answered by server.ts before Next
      [nextRouteWeb, "/hooks/no-such-token", { method: "POST", body: "{}" }],
      [nextRouteWeb, "/hooks/no-such-token"],
    ] as [WebService, string, RequestInit?][]) {
      answers.push([`${web === nextRouteWeb ? "next route " : ""}${init?.method ?? "GET"} ${path}`, await fetch(`${web.baseUrl}${path}`, { ...init, redirect: "manual" })]);
    }
    expect(answers.map(([what, res]) => [what, res.status, res.headers.get("content-security-policy")])).toEqual(
      answers.map(([what, res]) => [what, res.status, MACHINE]),
    );
    expect(answers.map(([what, res]) => [what, res.headers.get("x-content-type-options")])).toEqual(answers.map(([what]) => [what, "nosniff"]));
  });
});

describe("the OAuth callback's error page", () => {
  it("is styled by its own style attribute, and still runs no script", async () => {
    const b = await signedIn();
    const res = await b.request("/api/v1/connections/oauth/callback?code=x");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Account not connected");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });
});
