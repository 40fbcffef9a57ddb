// Variables/secrets, app accounts and files over the real server: shapes, write-only secrets
// and credentials, values that may be absent, roles, and the 10 MB file limit.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

describe("variables and secrets", () => {
  const base = () => `/api/v1/workspaces/${t.provider.id}/variables`;

  it("creates (201), replaces (200), lists and deletes; secrets never return their value", async () => {
    expect((await t.tech.put(`${base()}/TENANT`, { value: "contoso.example", secret: false })).status).toBe(201);
    const put = await t.tech.put(`${base()}/API_KEY`, { value: "sk-super-secret-123", secret: true });
    expect(put).toEqual({ status: 201, body: { variable: { key: "API_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) } } });
    expect((await t.tech.put(`${base()}/TENANT`, { value: "northwind.example" })).status).toBe(200);
    const list = await t.viewer.get(base());
    expect(list.status).toBe(200);
    expect(list.body.variables).toEqual([
      { key: "API_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) },
      { key: "TENANT", secret: false, hasValue: true, value: "northwind.example", updatedAt: expect.any(String) },
    ]);
    expect(JSON.stringify(list.body)).not.toContain("sk-super-secret-123");
    expect((await t.tech.del(`${base()}/TENANT`)).status).toBe(204);
    expect((await t.tech.del(`${base()}/TENANT`)).status).toBe(404);
  });

  it("a key may exist without a value (null or absent)", async () => {
    await t.tech.put(`${base()}/EMPTY_SECRET`, { secret: true });
    await t.tech.put(`${base()}/EMPTY_VAR`, { value: null });
    const list = (await t.tech.get(base())).body.variables;
    expect(list).toEqual(
      expect.arrayContaining([
        { key: "EMPTY_SECRET", secret: true, hasValue: false, updatedAt: expect.any(String) },
        { key: "EMPTY_VAR", secret: false, hasValue: false, value: null, updatedAt: expect.any(String) },
      ]),
    );
  });

  it("turning a variable into a secret leaves no plaintext behind", async () => {
    await t.tech.put(`${base()}/FLIP`, { value: "plain-then-secret", secret: false });
    await t.tech.put(`${base()}/FLIP`, { value: "plain-then-secret", secret: true });
    const row = await db().variable.findFirstOrThrow({ where: { workspaceId: t.provider.id, key: "FLIP" } });
    expect(row.value).toBeNull();
    expect(row.valueEncrypted).toMatch(/^v1:/);
  });

  it("rejects bad keys and non-string values; viewers may not write", async () => {
    expect((await t.tech.put(`${base()}/has.dot`, { value: "x" })).status).toBe(400);
    expect((await t.tech.put(`${base()}/OK`, { value: 5 })).status).toBe(400);
    const r = await t.viewer.put(`${base()}/OK`, { value: "x" });
    expect(r.status).toBe(403);
  });
});

// A variable has no entity tag: only `*` means something in If-Match / If-None-Match. Any other
// value was ignored, so a write the caller made conditional happened anyway (RFC 9110 §13.1).
describe("variables: conditional headers other than *", () => {
  const putWith = async (key: string, value: string, headers: Record<string, string>) => {
    const res = await fetch(`${t.web.baseUrl}/api/v1/workspaces/${t.provider.id}/variables/${key}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${t.users.tech.token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify({ value }),
    });
    return { status: res.status, body: await res.json() };
  };
  const accepts = "accepted: * only — a variable has no entity tag (If-None-Match: * creates only, If-Match: * changes only)";

  it("are refused with 400 naming the header and what it accepts; nothing is written", async () => {
    expect((await putWith("COND_KEY", "kept", {})).status).toBe(201);
    for (const [header, value] of [["If-Match", '"abc"'], ["If-Match", 'W/"abc", *'], ["If-None-Match", '"abc"'], ["If-None-Match", "abc"]]) {
      const res = await putWith("COND_KEY", "overwritten", { [header]: value });
      expect(res, `${header}: ${value}`).toEqual({ status: 400, body: { error: "invalid_request", message: `${header}: not a value this request takes (${accepts}); nothing was changed`, header } });
    }
    expect((await putWith("NEW_COND_KEY", "x", { "if-none-match": '"abc"' })).status).toBe(400);
    const list = (await t.tech.get(`/api/v1/workspaces/${t.provider.id}/variables`)).body.variables;
    expect(list.find((v: { key: string }) => v.key === "COND_KEY").value).toBe("kept");
    expect(list.some((v: { key: string }) => v.key === "NEW_COND_KEY")).toBe(false);
  });

  it("* keeps its meaning (and an empty header is no condition)", async () => {
    expect((await putWith("STAR_KEY", "a", { "if-match": "*" })).body.error).toBe("variable_not_found");
    expect((await putWith("STAR_KEY", "a", { "if-none-match": " * " })).status).toBe(201);
    expect((await putWith("STAR_KEY", "b", { "if-none-match": "*" })).body.error).toBe("variable_exists");
    expect((await putWith("STAR_KEY", "c", { "if-match": "*" })).status).toBe(200);
    expect((await putWith("STAR_KEY", "d", { "if-match": "" })).status).toBe(200);
  });
});

describe("app catalog and accounts", () => {
  it("lists the catalog with auth kinds", async () => {
    const r = await t.viewer.get("/api/v1/apps");
    expect(r.status).toBe(200);
    const keys = r.body.apps.map((a: { key: string }) => a.key);
    expect(keys).toEqual(expect.arrayContaining(["directory", "edr", "rmm", "psa", "documentation", "password_manager", "chat", "license_distributor", "openai", "http"]));
  });

  it("creates, lists per app, updates and deletes accounts; credentials are write-only", async () => {
    const ws = t.provider.id;
    const created = await t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "psa", name: "Main PSA", credentials: { username: "api", password: "psa-pass-99" } });
    expect(created.status).toBe(201);
    expect(created.body.connection).toMatchObject({ app: "psa", appLabel: "PSA / ticketing", name: "Main PSA", authKind: "basic", hasCredentials: true });
    expect(JSON.stringify(created.body)).not.toContain("psa-pass-99");
    const id = created.body.connection.id;
    expect((await t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "psa", name: "Main PSA" })).status).toBe(409);
    expect((await t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "nope", name: "X" })).status).toBe(400);
    const bad = await t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "psa", name: "Bad", credentials: { username: "api", password: 987654321 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toContain("987654321");
    const badPatch = await fetchPatch((await t.viewer.get(`/api/v1/workspaces/${ws}/connections?app=psa`)).body.connections[0].id, { credentials: { username: "api", password: 13579246 } });
    expect(badPatch.status).toBe(400);
    expect(JSON.stringify(badPatch.body)).not.toContain("13579246");

    await t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "chat", name: "Slack", credentials: { token: "xoxb-1234" } });
    const psaOnly = await t.viewer.get(`/api/v1/workspaces/${ws}/connections?app=psa`);
    expect(psaOnly.body.connections.map((c: { name: string }) => c.name)).toEqual(["Main PSA"]);

    // Renaming keeps the stored credentials; changing the auth kind needs new ones.
    const renamed = await fetchPatch(id, { name: "PSA (prod)" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.connection).toMatchObject({ name: "PSA (prod)", hasCredentials: true });
    expect((await fetchPatch(id, { authKind: "bearer" })).status).toBe(400);
    const rekeyed = await fetchPatch(id, { authKind: "api_key", credentials: { apiKey: "new-api-key-42" } });
    expect(rekeyed.body.connection).toMatchObject({ authKind: "api_key", hasCredentials: true });
    expect(JSON.stringify((await t.viewer.get(`/api/v1/connections/${id}`)).body)).not.toContain("new-api-key-42");
    expect((await fetchPatch(id, { name: "viewer rename" }, t.users.providerViewer.token)).status).toBe(403);

    expect((await t.tech.del(`/api/v1/connections/${id}`)).status).toBe(204);
    expect((await t.tech.get(`/api/v1/connections/${id}`)).status).toBe(404);
  });
});

async function fetchPatch(id: string, body: unknown, token = t.users.tech.token) {
  const res = await fetch(`${t.web.baseUrl}/api/v1/connections/${id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("files", () => {
  const url = (name: string) => `${t.web.baseUrl}/api/v1/workspaces/${t.provider.id}/files/${name}`;
  const put = (name: string, body: BodyInit, type = "text/plain", token = t.users.tech.token) =>
    fetch(url(name), { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": type }, body });

  it("uploads (201), replaces (200), lists, downloads and deletes", async () => {
    const first = await put("cleanup.ps1", "Remove-Item C:\\Temp\\* -Recurse");
    expect(first.status).toBe(201);
    expect((await first.json()).file).toMatchObject({ name: "cleanup.ps1", contentType: "text/plain", size: 30 });
    expect((await put("cleanup.ps1", "Clear-RecycleBin -Force")).status).toBe(200);
    const list = await t.viewer.get(`/api/v1/workspaces/${t.provider.id}/files`);
    expect(list.body.files).toEqual([expect.objectContaining({ name: "cleanup.ps1", size: 23, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    const got = await fetch(url("cleanup.ps1"), { headers: { authorization: `Bearer ${t.users.providerViewer.token}` } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toContain('filename="cleanup.ps1"');
    expect(await got.text()).toBe("Clear-RecycleBin -Force");
    expect((await put("t.viewer.txt", "x", "text/plain", t.users.providerViewer.token)).status).toBe(403);
    expect((await t.tech.del(`/api/v1/workspaces/${t.provider.id}/files/cleanup.ps1`)).status).toBe(204);
    expect((await fetch(url("cleanup.ps1"), { headers: { authorization: `Bearer ${t.users.tech.token}` } })).status).toBe(404);
  });

  it("accepts exactly 10 MB and refuses one byte more (413), storing nothing", async () => {
    const max = 10 * 1024 * 1024;
    expect((await put("max.bin", new Uint8Array(max), "application/octet-stream")).status).toBe(201);
    const over = await put("over.bin", new Uint8Array(max + 1), "application/octet-stream");
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe("file_too_large");
    expect(await db().file.count({ where: { workspaceId: t.provider.id, name: "over.bin" } })).toBe(0);
  });

  it("If-None-Match: * only creates and If-Match only replaces the bytes named: a 412 carries the current file and its readers", async () => {
    const ws = t.provider.id;
    const putIf = (name: string, body: string, headers: Record<string, string>) =>
      fetch(url(name), { method: "PUT", headers: { authorization: `Bearer ${t.users.tech.token}`, "content-type": "text/plain", ...headers }, body });
    expect((await putIf("notes.md", "# Notes for the tech", { "if-none-match": "*" })).status).toBe(201);
    const wf = await db().workflow.create({
      data: { workspaceId: ws, name: "Reads notes", steps: [{ kind: "http", config: { method: "POST", url: "https://chat.example", body: { type: "raw", raw: "{{ files.notes.md }}" } } }] },
    });
    const exists = await putIf("notes.md", "x", { "if-none-match": "*" });
    expect(exists.status).toBe(412);
    const body = await exists.json();
    expect(body).toMatchObject({ error: "file_exists", file: { name: "notes.md", size: 20, contentType: "text/plain" }, workflows: [{ id: wf.id, name: "Reads notes", mode: "draft" }] });
    const got = await fetch(url("notes.md"), { headers: { authorization: `Bearer ${t.users.tech.token}` } });
    expect(await got.text()).toBe("# Notes for the tech");
    expect(got.headers.get("etag")).toBe(`"${body.file.sha256}"`);
    // Replaced by someone else since it was read: refused, and the current file named.
    expect((await putIf("notes.md", "second tab", {})).status).toBe(200);
    const stale = await putIf("notes.md", "x", { "if-match": `"${body.file.sha256}"` });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ error: "file_changed", file: { size: 10 } });
    const current = (await (await putIf("notes.md", "y", { "if-none-match": "*" })).json()).file.sha256;
    expect((await putIf("notes.md", "replaced", { "if-match": `"${current}"` })).status).toBe(200);
    expect(await (await fetch(url("notes.md"), { headers: { authorization: `Bearer ${t.users.tech.token}` } })).text()).toBe("replaced");
    await db().workflow.delete({ where: { id: wf.id } });
    expect((await t.tech.del(`/api/v1/workspaces/${ws}/files/notes.md`)).status).toBe(204);
    expect((await putIf("notes.md", "x", { "if-match": `"${current}"` })).status).toBe(412);
    expect((await putIf("empty.txt", "", { "if-none-match": "*" })).status).toBe(201);
  });

  // RFC 9110 §13.1.1–2: If-Match takes a list and compares strongly (a weak tag never matches);
  // If-None-Match takes a list too and compares weakly. A list holding the current sha256 was a
  // 412 for If-Match, and If-None-Match with a tag was ignored (the file replaced).
  it("If-Match / If-None-Match take entity-tag lists; other values are a 400 changing nothing", async () => {
    const putIf = async (name: string, body: string, headers: Record<string, string>) => {
      const res = await fetch(url(name), { method: "PUT", headers: { authorization: `Bearer ${t.users.tech.token}`, "content-type": "text/plain", ...headers }, body });
      return { status: res.status, body: await res.json() };
    };
    const text = async (name: string) => (await fetch(url(name), { headers: { authorization: `Bearer ${t.users.tech.token}` } })).text();
    const sha = (await putIf("list.txt", "one", {})).body.file.sha256 as string;

    // If-None-Match: a listed current tag (weak or strong) is a 412 file_exists, as `*` is; others pass.
    for (const value of [`"${sha}"`, `"other", W/"${sha}"`]) {
      const res = await putIf("list.txt", "two", { "if-none-match": value });
      expect(res.status, value).toBe(412);
      expect(res.body).toEqual({ error: "file_exists", message: "list.txt already holds bytes whose sha256 If-None-Match lists; nothing was changed", file: expect.objectContaining({ name: "list.txt", sha256: sha }), workflows: [] });
    }
    expect(await text("list.txt")).toBe("one");
    expect((await putIf("fresh.txt", "new", { "if-none-match": `"${sha}"` })).status).toBe(201);

    // If-Match: passes when one listed strong tag is the current sha256; a weak one never matches.
    const weak = await putIf("list.txt", "two", { "if-match": `W/"${sha}"` });
    expect(weak.status).toBe(412);
    expect(weak.body).toMatchObject({ error: "file_changed", file: { sha256: sha } });
    // The bytes are as the caller saw them: the 412 says why (it said "list.txt was replaced since it was read").
    expect(weak.body.message).toBe(`If-Match compares entity tags strongly, so a weak one (W/"…") never matches: send the ETag as GET gives it, "${sha}"; list.txt was not changed`);
    const listed = await putIf("list.txt", "two", { "if-match": `"x", "${sha}"` });
    expect(listed.status).toBe(200);
    expect(await text("list.txt")).toBe("two");
    expect((await putIf("list.txt", "three", { "if-match": '"x", "y"' })).body.error).toBe("file_changed");
    // `*`: replaces only a file that exists.
    expect((await putIf("list.txt", "three", { "if-match": "*" })).status).toBe(200);
    expect((await putIf("absent.txt", "x", { "if-match": "*" })).body).toMatchObject({ error: "file_changed", file: null });

    const accepts = 'accepted: * or a list of quoted sha256 entity tags, as GET\'s ETag gives them: "<sha256>", "<sha256>"';
    for (const [header, value] of [["If-Match", sha], ["If-None-Match", "abc"], ["If-Match", `"${sha}" "x"`], ["If-None-Match", `"x", *`]]) {
      const res = await putIf("list.txt", "bad", { [header]: value });
      expect(res, `${header}: ${value}`).toEqual({ status: 400, body: { error: "invalid_request", message: `${header}: not a value this request takes (${accepts}); nothing was changed`, header } });
    }
    expect(await text("list.txt")).toBe("three");
    expect((await putIf("never.txt", "x", { "if-none-match": "abc" })).status).toBe(400);
    expect(await db().file.count({ where: { workspaceId: t.provider.id, name: { in: ["never.txt", "absent.txt"] } } })).toBe(0);
  });

  it("rejects names a reference cannot spell", async () => {
    expect((await put(".hidden", "x")).status).toBe(400);
    expect((await put("a%20b", "x")).status).toBe(400);
  });
});
