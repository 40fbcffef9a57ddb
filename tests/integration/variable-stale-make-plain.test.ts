// A page that saw a secret without a value sends `hasValue: false` with its Make variable: a value a
// colleague set since is not destroyed (412 variable_changed, nothing changed); an API client that
// sends no `hasValue` still empties it, as documented. And PUT /variables/{key} and /files/{name}
// check the caller's access before the key or name: a viewer is 403, another client's owner 404.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const base = () => `/api/v1/workspaces/${t.provider.id}/variables`;
const put = async (path: string, body: string, token: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${t.web.baseUrl}${path}`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const row = (key: string) => db().variable.findFirstOrThrow({ where: { workspaceId: t.provider.id, key } });

describe("secret made plain by a page that saw it without a value", () => {
  it("refuses with 412 variable_changed when a value was set since, changing nothing", async () => {
    expect((await t.tech.put(`${base()}/UI_S`, { value: null, secret: true })).status).toBe(201);
    // A colleague sets it while the page still shows "Value missing".
    expect((await put(`${base()}/UI_S`, JSON.stringify({ value: "colleague-real-secret-123", secret: true }), t.users.tech.token, { "if-match": "*" })).status).toBe(200);
    const set = await row("UI_S");

    const res = await put(`${base()}/UI_S`, JSON.stringify({ secret: false, value: null, hasValue: false }), t.users.tech.token, { "if-match": "*" });
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({ error: "variable_changed", secret: true, message: expect.stringMatching(/^UI_S has a value now \(set elsewhere\); nothing was changed/) });
    expect(await row("UI_S")).toMatchObject({ secret: true, value: null, valueEncrypted: set.valueEncrypted, updatedAt: set.updatedAt });
  });

  it("still makes one without a value plain, and an API client's null value (no hasValue) still empties it", async () => {
    expect((await t.tech.put(`${base()}/UI_EMPTY`, { value: null, secret: true })).status).toBe(201);
    const made = await put(`${base()}/UI_EMPTY`, JSON.stringify({ secret: false, value: null, hasValue: false }), t.users.tech.token, { "if-match": "*" });
    expect(made).toMatchObject({ status: 200, body: { variable: { key: "UI_EMPTY", secret: false, hasValue: false } } });

    expect((await t.tech.put(`${base()}/API_S`, { value: "stored-secret", secret: true })).status).toBe(201);
    const api = await t.tech.put(`${base()}/API_S`, { secret: false, value: null });
    expect(api.status).toBe(200);
    expect(await row("API_S")).toMatchObject({ secret: false, value: null, valueEncrypted: null });
  });
});

describe("access before the key or name", () => {
  it("a viewer's PUT of a malformed key or file name is 403, another client's owner's 404", async () => {
    for (const path of [`${base()}/bad%20key`, `/api/v1/workspaces/${t.provider.id}/files/bad%20name`]) {
      const viewer = await put(path, JSON.stringify({ value: "x" }), t.users.providerViewer.token);
      expect(viewer.status, path).toBe(403);
      const outsider = await put(path, JSON.stringify({ value: "x" }), t.users.adminA.token);
      expect(outsider.status, path).toBe(404);
      expect(outsider.body.message, path).toBe("workspace not found");
    }
  });
});
