// Writes to a workspace's keys and accounts that must not lose anything by accident: a create-only
// PUT (If-None-Match: *, what the Variables page's add form sends) leaves an existing key as it
// is (412); a key that workflows read keeps its kind unless forced, as a delete would be refused;
// a basic account's password changed alone keeps the stored username.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/secrets/crypto";
import { startTestServer } from "../helpers/api-server";

const { t, api, web } = startTestServer();

const unique = () => `K_${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function put(key: string, body: unknown, opts: { createOnly?: boolean; force?: boolean } = {}) {
  const res = await fetch(`${web.baseUrl}/api/v1/workspaces/${t.providerA.id}/variables/${key}${opts.force ? "?force=true" : ""}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json", ...(opts.createOnly ? { "if-none-match": "*" } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("variables: create-only and kind changes", () => {
  it("If-None-Match: * creates a new key and refuses an existing one with 412, changing nothing", async () => {
    const key = unique();
    expect((await put(key, { value: "the-real-secret", secret: true }, { createOnly: true })).status).toBe(201);
    const before = await db().variable.findFirstOrThrow({ where: { workspaceId: t.providerA.id, key } });
    const again = await put(key, { value: "typed-in-clear", secret: false }, { createOnly: true });
    // Asked for the other kind: the message names the row's switch.
    expect(again).toEqual({ status: 412, body: { error: "variable_exists", message: `${key} already exists (a secret); set its value in its row, make it a variable there (Make variable), or delete it first`, secret: true } });
    const same = await put(key, { value: "another-secret", secret: true }, { createOnly: true });
    expect(same).toEqual({ status: 412, body: { error: "variable_exists", message: `${key} already exists (a secret); set its value in its row, or delete it first`, secret: true } });
    expect(await db().variable.findFirstOrThrow({ where: { workspaceId: t.providerA.id, key } })).toEqual(before);
    expect(decryptSecret(before.valueEncrypted!)).toBe("the-real-secret");
  });

  it("a key that workflows read keeps its kind unless forced (409 naming them); an unused one may change", async () => {
    const key = unique();
    expect((await put(key, { value: "s3cret", secret: true })).status).toBe(201);
    const wf = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "Reads a secret",
      steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://example.test/x", headers: [{ name: "x-key", value: `{{ secrets.${key} }}` }] } }],
    });
    expect(wf.status).toBe(201);
    const demote = await put(key, { value: "now-plain", secret: false });
    expect(demote).toMatchObject({ status: 409, body: { error: "secret_in_use", workflows: [{ id: wf.body.id, name: "Reads a secret" }] } });
    // Nothing is deleted: the way to insist says what it does.
    expect(demote.body.message).toBe(
      `secret "${key}" is used by 1 workflow: making it a plain variable would fail their steps. Change those steps first, or change it anyway with ?force=true`,
    );
    expect((await db().variable.findFirstOrThrow({ where: { workspaceId: t.providerA.id, key } })).secret).toBe(true);
    // Its value may change (same kind), and the kind too when forced.
    expect((await put(key, { value: "rotated", secret: true })).status).toBe(200);
    expect((await put(key, { value: "now-plain", secret: false }, { force: true })).status).toBe(200);
    const unused = unique();
    expect((await put(unused, { value: "a" })).status).toBe(201);
    expect((await put(unused, { value: "b", secret: true })).status).toBe(200);
  });
});

describe("accounts: credentials change field by field", () => {
  it("a basic account's password alone keeps the stored username; a new auth kind still needs whole credentials", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "psa", name: `PSA ${unique()}`, authKind: "basic", credentials: { username: "api-user", password: "old-pass" } });
    expect(created.status).toBe(201);
    const id = created.body.connection.id;
    expect((await api.patch(`/api/v1/connections/${id}`, { credentials: { password: "new-pass" } })).status).toBe(200);
    const row = await db().connection.findUniqueOrThrow({ where: { id } });
    expect(JSON.parse(decryptSecret(row.credentialsEncrypted!))).toEqual({ username: "api-user", password: "new-pass" });
    const rekey = await api.patch(`/api/v1/connections/${id}`, { authKind: "bearer", credentials: { password: "x" } });
    expect(rekey.status).toBe(400);
    expect(rekey.body.message).toMatch(/token/);
  });
});
