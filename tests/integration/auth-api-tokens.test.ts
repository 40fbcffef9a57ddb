// API tokens over the real server: issue, use, list, revoke; 401s; workspace listing per role.
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { createPasswordUser, testAddress, startAuthServer } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

async function call(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.web.baseUrl}${path}`, {
    method,
    headers: {
      "x-forwarded-for": testAddress(),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function issue(email: string, password: string, name?: string) {
  const r = await call("POST", "/api/v1/auth/token", { body: { email, password, name } });
  expect(r.status).toBe(201);
  return r.body as { token: string; id: string; name: string };
}

describe("API tokens", () => {
  it("issues a prefixed random token for e-mail + password, stores only its sha256, and accepts it as a bearer token", async () => {
    const user = await createPasswordUser({ password: "correct horse", memberships: [{ workspaceId: server.tenancy.provider.id, role: "owner" }] });
    const r = await call("POST", "/api/v1/auth/token", { body: { email: user.email.toUpperCase(), password: "correct horse" } });
    expect(r.status).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body.token).toMatch(/^mf_[A-Za-z0-9_-]{43}$/);

    const rows = await db().apiToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(r.body.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(r.body.token);

    const list = await call("GET", "/api/v1/workspaces", { token: r.body.token });
    expect(list.status).toBe(200);
    expect(list.body.workspaces.map((w: { name: string }) => w.name)).toEqual(["Acme IT Services", "Contoso Dental", "Northwind Traders"]);
  });

  it("answers 401 JSON without a token, with an unknown token and with a malformed header", async () => {
    const cases: Record<string, string>[] = [{}, { authorization: "Bearer mf_not-a-real-token" }, { authorization: "Basic abc" }];
    for (const headers of cases) {
      const r = await call("GET", "/api/v1/workspaces", { headers });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: "unauthorized" });
      expect(r.body.message).toEqual(expect.any(String));
    }
  });

  it("answers 401 invalid_credentials for a wrong password and for an unknown e-mail, alike", async () => {
    const user = await createPasswordUser({ password: "right-password" });
    const wrong = await call("POST", "/api/v1/auth/token", { body: { email: user.email, password: "wrong-password" } });
    const unknown = await call("POST", "/api/v1/auth/token", { body: { email: "nobody@example.test", password: "whatever" } });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: "invalid_credentials", message: "wrong e-mail or password" });
    }
  });

  it("rejects a body without e-mail or password with 400", async () => {
    const r = await call("POST", "/api/v1/auth/token", { body: { email: "a@b.c" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_request");
  });

  it("lists the caller's active tokens without secrets and marks the current one", async () => {
    const user = await createPasswordUser({ password: "pw-list-1234" });
    const a = await issue(user.email, "pw-list-1234", "laptop");
    const b = await issue(user.email, "pw-list-1234", "ci");
    const r = await call("GET", "/api/v1/auth/tokens", { token: b.token });
    expect(r.status).toBe(200);
    expect(r.body.tokens).toHaveLength(2);
    const byId = Object.fromEntries(r.body.tokens.map((t: { id: string }) => [t.id, t]));
    expect(byId[a.id]).toMatchObject({ name: "laptop", current: false, lastUsedAt: null });
    expect(byId[b.id]).toMatchObject({ name: "ci", current: true });
    expect(JSON.stringify(r.body)).not.toContain(a.token);
    expect(JSON.stringify(r.body)).not.toMatch(/tokenHash|"token"/);
  });

  it("names sign-in tokens so the list tells them apart: when they were signed in for, or the name sent, never twice the same", async () => {
    const user = await createPasswordUser({ password: "pw-names-1234" });
    const before = new Date();
    const first = await issue(user.email, "pw-names-1234");
    const second = await issue(user.email, "pw-names-1234");
    const minute = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
    const stamps = new Set([minute(before), minute(new Date())]);
    const stamp = first.name.match(/^api \(signed in (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\)/)?.[1];
    expect(stamps).toContain(stamp);
    // Signed in within the same minute: the second is numbered (else it carries its own minute).
    expect(second.name).not.toBe(first.name);
    expect(second.name).toMatch(/^api \(signed in \d{4}-\d\d-\d\d \d\d:\d\d UTC\)( \(2\))?$/);
    // A name sent is used; sent again (a script signing in at every run), it is numbered, not refused.
    const ci = await issue(user.email, "pw-names-1234", "ci");
    const ciAgain = await issue(user.email, "pw-names-1234", "CI");
    expect([ci.name, ciAgain.name]).toEqual(["ci", "CI (2)"]);
    const list = await call("GET", "/api/v1/auth/tokens", { token: ci.token });
    const names = list.body.tokens.map((t: { name: string }) => t.name);
    expect(names).toHaveLength(4);
    expect(new Set(names.map((n: string) => n.toLowerCase())).size).toBe(4);
    expect(names).toEqual(expect.arrayContaining([first.name, second.name, "ci", "CI (2)"]));
    // The names in the answers are the stored ones.
    const stored = await db().apiToken.findMany({ where: { userId: user.id }, select: { id: true, name: true } });
    for (const t of [first, second, ci, ciAgain]) expect(stored.find((r) => r.id === t.id)?.name).toBe(t.name);
  });

  it("DELETE /api/v1/auth/token revokes the token it is sent with, and only that one", async () => {
    const user = await createPasswordUser({ password: "pw-revoke-1234" });
    const keep = await issue(user.email, "pw-revoke-1234");
    const gone = await issue(user.email, "pw-revoke-1234");
    expect((await call("DELETE", "/api/v1/auth/token", { token: gone.token })).status).toBe(204);
    expect((await call("GET", "/api/v1/workspaces", { token: gone.token })).status).toBe(401);
    expect((await call("GET", "/api/v1/workspaces", { token: keep.token })).status).toBe(200);
    const list = await call("GET", "/api/v1/auth/tokens", { token: keep.token });
    expect(list.body.tokens.map((t: { id: string }) => t.id)).toEqual([keep.id]);
  });

  it("DELETE /api/v1/auth/tokens/{id} revokes one of the caller's tokens; another user's is 404", async () => {
    const owner = await createPasswordUser({ password: "pw-owner-1234" });
    const other = await createPasswordUser({ password: "pw-other-1234" });
    const main = await issue(owner.email, "pw-owner-1234");
    const second = await issue(owner.email, "pw-owner-1234");
    const foreign = await issue(other.email, "pw-other-1234");

    expect((await call("DELETE", `/api/v1/auth/tokens/${foreign.id}`, { token: main.token })).status).toBe(404);
    expect((await call("GET", "/api/v1/workspaces", { token: foreign.token })).status).toBe(200);

    expect((await call("DELETE", `/api/v1/auth/tokens/${second.id}`, { token: main.token })).status).toBe(204);
    // Said as revoked, with the day: a script's owner told only "send a valid API token" looked
    // for a typo in a token that had been revoked.
    const refused = await call("GET", "/api/v1/workspaces", { token: second.token });
    expect(refused.status).toBe(401);
    const day = (await db().apiToken.findUniqueOrThrow({ where: { id: second.id } })).revokedAt!.toISOString().slice(0, 10);
    expect(refused.body).toEqual({ error: "unauthorized", message: `this API token was revoked on ${day} (UTC): create a new one under Account & security` });
    // Revoking again is harmless.
    expect((await call("DELETE", `/api/v1/auth/tokens/${second.id}`, { token: main.token })).status).toBe(204);
  });
});

describe("GET /api/v1/workspaces", () => {
  it("shows a provider member the provider and its clients, with kind, providerId and role", async () => {
    const user = await createPasswordUser({ password: "pw-provider-1", memberships: [{ workspaceId: server.tenancy.provider.id, role: "editor" }] });
    const { token } = await issue(user.email, "pw-provider-1");
    const r = await call("GET", "/api/v1/workspaces", { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      workspaces: [
        { id: server.tenancy.provider.id, name: "Acme IT Services", kind: "provider", providerId: null, role: "editor" },
        { id: server.tenancy.contoso.id, name: "Contoso Dental", kind: "client", providerId: server.tenancy.provider.id, role: "editor" },
        { id: server.tenancy.northwind.id, name: "Northwind Traders", kind: "client", providerId: server.tenancy.provider.id, role: "editor" },
      ],
    });
  });

  it("shows a client-only member just that client", async () => {
    const user = await createPasswordUser({ password: "pw-client-1", memberships: [{ workspaceId: server.tenancy.northwind.id, role: "owner" }] });
    const { token } = await issue(user.email, "pw-client-1");
    const r = await call("GET", "/api/v1/workspaces", { token });
    expect(r.body).toEqual({
      workspaces: [{ id: server.tenancy.northwind.id, name: "Northwind Traders", kind: "client", providerId: server.tenancy.provider.id, role: "owner" }],
    });
  });

  it("shows a user without memberships nothing", async () => {
    const user = await createPasswordUser({ password: "pw-nobody-1" });
    const { token } = await issue(user.email, "pw-nobody-1");
    expect((await call("GET", "/api/v1/workspaces", { token })).body).toEqual({ workspaces: [] });
  });
});
