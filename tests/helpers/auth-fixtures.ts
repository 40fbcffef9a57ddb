// Users with real (scrypt) passwords, a tiny cookie jar for browser-like HTTP, and next-auth's
// credentials sign-in done over plain HTTP, for the auth integration tests.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { startWeb, type WebService } from "@/tests/helpers/services";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";

export type Role = "owner" | "editor" | "viewer";

export async function createPasswordUser(opts: { password: string; memberships?: { workspaceId: string; role: Role }[] }) {
  const email = `user-${randomBytes(5).toString("hex")}@example.test`;
  const user = await db().user.create({ data: { email, name: "Test User", passwordHash: await hashPassword(opts.password) } });
  for (const m of opts.memberships ?? []) await db().membership.create({ data: { userId: user.id, ...m } });
  return { id: user.id, email, password: opts.password };
}

/** A provider with two clients (named like the seed), for listing and switching tests. */
export async function createProviderWithClients() {
  const provider = await db().workspace.create({ data: { name: "Acme IT Services", kind: "provider" } });
  const northwind = await db().workspace.create({ data: { name: "Northwind Traders", kind: "client", providerId: provider.id } });
  const contoso = await db().workspace.create({ data: { name: "Contoso Dental", kind: "client", providerId: provider.id } });
  return { provider, northwind, contoso };
}

/** A distinct client address per test, so per-address throttling in one test does not leak into another. */
export const testAddress = () => `203.${[...randomBytes(3)].join(".")}`;

export class CookieJar {
  private cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(prefix: string): boolean {
    return [...this.cookies.keys()].some((k) => k.startsWith(prefix));
  }
}

/** Fetch that never follows redirects and keeps cookies, like a browser would across requests. */
export function browser(baseUrl: string, extraHeaders: Record<string, string> = {}) {
  const jar = new CookieJar();
  const request = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(path, baseUrl), {
      ...init,
      redirect: "manual",
      headers: { ...extraHeaders, ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const csrf = async () => ((await (await request("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  const signIn = async (email: string, password: string, callbackUrl = "/workspaces") =>
    request("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await csrf(), email, password, callbackUrl }).toString(),
    });
  return { jar, request, csrf, signIn };
}

/**
 * The suite's real server and tenancy: a web process that trusts X-Forwarded-For (so each test
 * signs in from its own address and no test trips another's sign-in throttle) and a provider
 * workspace with two clients. Read `web` and `tenancy` inside tests, once beforeAll has run.
 */
export function startAuthServer() {
  const ctx = {} as { web: WebService; tenancy: Awaited<ReturnType<typeof createProviderWithClients>> };
  beforeAll(async () => {
    [ctx.web, ctx.tenancy] = await Promise.all([startWeb({ TRUST_PROXY: "true" }), createProviderWithClients()]);
  });
  afterAll(async () => {
    await ctx.web?.stop();
  });
  return ctx;
}
