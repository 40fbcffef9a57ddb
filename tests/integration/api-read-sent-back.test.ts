// A variable or an app account read and sent back with one thing changed saves, as a workflow's
// read does: the read-only fields of the GET view are accepted and ignored, one that contradicts
// the URL (another key or id) is a 400 naming it, and an unknown field is still a 400 — naming it
// in `field` and in `issues[].path` (those were "" for an unrecognized key).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const vars = () => `/api/v1/workspaces/${t.providerA.id}/variables`;
const readVariable = async (key: string): Promise<Json> => (await api.get(vars())).body.variables.find((v: Json) => v.key === key);

describe("variables", () => {
  it("a read sent back with a changed value saves; a different key or an unknown field is a 400 naming it", async () => {
    expect((await api.put(`${vars()}/REGION`, { value: "eu" })).status).toBe(201);
    const read = await readVariable("REGION");
    expect(Object.keys(read).sort()).toEqual(["hasValue", "key", "secret", "updatedAt", "value"]);
    const put = await api.put(`${vars()}/REGION`, { ...read, value: "us" });
    expect(put.status).toBe(200);
    expect(put.body.variable).toMatchObject({ key: "REGION", value: "us", secret: false, hasValue: true });

    const otherKey = await api.put(`${vars()}/REGION`, { ...read, key: "ZONE", value: "ap" });
    expect(otherKey.status).toBe(400);
    expect(otherKey.body).toMatchObject({ error: "invalid_request", field: "key", message: expect.stringContaining('must be the key in the URL ("REGION")') });
    const unknown = await api.put(`${vars()}/REGION`, { ...read, value: "ap", vaule: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "invalid_request", message: 'unknown field "vaule": not taken here (misspelt?)', field: "vaule", issues: [{ path: "vaule", message: "unknown field" }] });
    expect((await readVariable("REGION")).value).toBe("us");
  });

  it("a secret's read sent back keeps its value (it is never read back); with a new value it takes that", async () => {
    expect((await api.put(`${vars()}/API_PASS`, { value: "first-secret", secret: true })).status).toBe(201);
    const read = await readVariable("API_PASS");
    expect(read).not.toHaveProperty("value");
    const stored = await db().variable.findFirstOrThrow({ where: { workspaceId: t.providerA.id, key: "API_PASS" } });
    expect((await api.put(`${vars()}/API_PASS`, read)).status).toBe(200);
    const kept = await db().variable.findFirstOrThrow({ where: { id: stored.id } });
    expect(kept.valueEncrypted).toBe(stored.valueEncrypted);
    expect((await api.put(`${vars()}/API_PASS`, { ...read, value: "second-secret" })).status).toBe(200);
    expect((await db().variable.findFirstOrThrow({ where: { id: stored.id } })).valueEncrypted).not.toBe(stored.valueEncrypted);
    // Without the read's echo, an absent value still means "no value".
    expect((await api.put(`${vars()}/API_PASS`, {})).body.variable).toMatchObject({ secret: true, hasValue: false });
  });
});

describe("app accounts", () => {
  it("a GET sent back with a changed name saves; another id, workspace or app is a 400 naming it", async () => {
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "rmm", name: "RMM", credentials: { apiKey: "rmm-key-7" } });
    expect(made.status).toBe(201);
    const read = (await api.get(`/api/v1/connections/${made.body.connection.id}`)).body.connection;
    const patch = await api.patch(`/api/v1/connections/${read.id}`, { ...read, name: "RMM (prod)" });
    expect(patch.status).toBe(200);
    expect(patch.body.connection).toMatchObject({ id: read.id, name: "RMM (prod)", app: "rmm", config: read.config, hasCredentials: true });

    for (const [field, value] of [["id", "00000000-0000-0000-0000-000000000000"], ["workspaceId", t.providerB.id], ["app", "psa"]] as const) {
      const res = await api.patch(`/api/v1/connections/${read.id}`, { ...read, [field]: value, name: "Moved" });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ error: "invalid_request", field, message: expect.stringMatching(new RegExp(`^${field}: must be this account's own`)) });
    }
    const unknown = await api.patch(`/api/v1/connections/${read.id}`, { ...read, nmae: "x" });
    expect(unknown.body).toMatchObject({ field: "nmae", issues: [{ path: "nmae" }] });
    expect((await api.get(`/api/v1/connections/${read.id}`)).body.connection.name).toBe("RMM (prod)");
  });

  it("a read posted to another workspace makes a copy there: its read-only fields are ignored, credentials are not copied", async () => {
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "rmm", name: "RMM copy source", credentials: { apiKey: "rmm-key-8" } });
    const read = (await api.get(`/api/v1/connections/${made.body.connection.id}`)).body.connection;
    const copy = await api.post(`/api/v1/workspaces/${t.clientA1.id}/connections`, { ...read, name: "RMM (client)" });
    expect(copy.status).toBe(201);
    expect(copy.body.connection).toMatchObject({ workspaceId: t.clientA1.id, app: "rmm", name: "RMM (client)", config: read.config, hasCredentials: false });
    expect(copy.body.connection.id).not.toBe(read.id);
    expect((await api.get(`/api/v1/connections/${read.id}`)).body.connection).toMatchObject({ workspaceId: t.providerA.id, name: "RMM copy source", hasCredentials: true });
  });

  it("an unknown field of any strict body is named in field (POST /connections)", async () => {
    const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "psa", name: "PSA", zzz: 1, yyy: 2 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "zzz", message: 'unknown fields "zzz", "yyy": not taken here (misspelt?)', issues: [{ path: "zzz" }, { path: "yyy" }] });
  });
});
