// Scripts that fire the same write twice at once get the answers one after the other would get:
// a create-only variable PUT (If-None-Match: *) creates once and refuses the other (412
// variable_exists), never overwriting a secret with a plain value; an update racing a create
// is an update; a second DELETE of a client workspace or of an account answers 404, not 500.
// Each case runs many rounds, so an interleaving that breaks it shows up deterministically enough.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createUser, type ApiClient } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none" });
let owner: ApiClient;
let providerId: string;
const ROUNDS = 15;

beforeAll(async () => {
  const provider = await db().workspace.create({ data: { name: "Race IT", kind: "provider" } });
  providerId = provider.id;
  owner = apiClient(web.baseUrl, (await createUser([{ workspaceId: provider.id, role: "owner" }])).token);
});

const varUrl = (key: string) => `/api/v1/workspaces/${providerId}/variables/${key}`;
const putVar = (key: string, body: unknown, createOnly: boolean) =>
  fetch(`${web.baseUrl}${varUrl(key)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${editorToken}`, "content-type": "application/json", ...(createOnly ? { "if-none-match": "*" } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
let editorToken = "";
const auditFor = (key: string) =>
  db().auditEvent.findMany({ where: { workspaceId: providerId, action: { in: ["variable_created", "variable_updated"] }, details: { path: ["key"], equals: key } }, select: { action: true } });

describe("variables written twice at once", () => {
  beforeAll(async () => {
    editorToken = (await createUser([{ workspaceId: providerId, role: "editor" }])).token;
  });

  it("two create-only PUTs: one 201, one 412 variable_exists; the winner's kind and value stay; one audit event", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const key = `RACE_NEW_${i}`;
      const [secret, plain] = await Promise.all([
        putVar(key, { value: "TOP-SECRET-VALUE", secret: true }, true),
        putVar(key, { value: "plain", secret: false }, true),
      ]);
      expect([secret.status, plain.status].sort()).toEqual([201, 412]);
      const loser = secret.status === 412 ? secret : plain;
      expect(loser.body.error).toBe("variable_exists");
      const row = await db().variable.findUniqueOrThrow({ where: { workspaceId_key: { workspaceId: providerId, key } } });
      if (secret.status === 201) {
        expect(row).toMatchObject({ secret: true, value: null });
        expect(row.valueEncrypted).toMatch(/^v1:/);
      } else {
        expect(row).toMatchObject({ secret: false, value: "plain", valueEncrypted: null });
      }
      expect(await auditFor(key)).toEqual([{ action: "variable_created" }]);
    }
  });

  it("a PUT racing a create-only PUT: one creates (201), the other updates (200) or is refused (412); one event per write", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const key = `RACE_UPD_${i}`;
      const [create, put] = await Promise.all([putVar(key, { value: "first", secret: true }, true), putVar(key, { value: "second" }, false)]);
      const statuses = [create.status, put.status];
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      const events = (await auditFor(key)).map((e) => e.action).sort();
      if (create.status === 412) {
        expect(put.status).toBe(201);
        expect(events).toEqual(["variable_created"]);
      } else {
        // The create went first: the plain PUT is an update, and keeps the key a secret.
        expect(put.status).toBe(200);
        expect(put.body.variable).toMatchObject({ key, secret: true, hasValue: true });
        expect(events).toEqual(["variable_created", "variable_updated"]);
      }
    }
  });

  it("two PUTs of a new key without If-None-Match: one 201 created, one 200 updated", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const key = `RACE_TWO_${i}`;
      const res = await Promise.all([putVar(key, { value: "a" }, false), putVar(key, { value: "b" }, false)]);
      expect(res.map((r) => r.status).sort()).toEqual([200, 201]);
      expect((await auditFor(key)).map((e) => e.action).sort()).toEqual(["variable_created", "variable_updated"]);
    }
  });
});

describe("deletes sent twice at once", () => {
  it("DELETE of a client workspace: one 204, the others 404 as a repeated delete", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const made = await owner.post(`/api/v1/workspaces/${providerId}/clients`, { name: `Doomed ${i}` });
      expect(made.status).toBe(201);
      const res = await Promise.all([0, 1, 2].map(() => owner.del(`/api/v1/workspaces/${made.body.id}`)));
      expect(res.map((r) => r.status).sort()).toEqual([204, 404, 404]);
      expect(res.find((r) => r.status === 404)?.body.error).toBe("not_found");
      expect(await db().auditEvent.count({ where: { workspaceId: providerId, action: "client_deleted", details: { path: ["clientId"], equals: made.body.id } } })).toBe(1);
    }
  });

  it("a rename racing the client's DELETE: 200 (before it) or 404, never 500", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const made = await owner.post(`/api/v1/workspaces/${providerId}/clients`, { name: `Renamed ${i}` });
      expect(made.status).toBe(201);
      const [del, rename] = await Promise.all([owner.del(`/api/v1/workspaces/${made.body.id}`), owner.patch(`/api/v1/workspaces/${made.body.id}`, { name: `Renamed ${i} b` })]);
      expect(del.status).toBe(204);
      expect([200, 404]).toContain(rename.status);
    }
  });

  it("DELETE of an account: one 204, the others 404; a PATCH racing a delete is 200 or 404, never 500", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const made = await owner.post(`/api/v1/workspaces/${providerId}/connections`, { app: "psa", name: `PSA ${i}`, authKind: "basic", credentials: { username: "u", password: "p" } });
      expect(made.status).toBe(201);
      const id = made.body.connection?.id ?? made.body.id;
      const res = await Promise.all([owner.del(`/api/v1/connections/${id}`), owner.del(`/api/v1/connections/${id}`), owner.patch(`/api/v1/connections/${id}`, { name: `PSA ${i} renamed` })]);
      expect(res.slice(0, 2).map((r) => r.status).sort()).toEqual([204, 404]);
      expect([200, 404]).toContain(res[2].status);
      expect(await db().auditEvent.count({ where: { workspaceId: providerId, action: "connection_deleted", details: { path: ["connectionId"], equals: id } } })).toBe(1);
    }
  });
});
