// QA: a method Next cannot route (TRACE made it throw: 500 text/plain and a stack in the log;
// PROPFIND a 400 with an empty body) is answered by the custom server, a 405 JSON with Allow on
// the API; and a "__proto__" key that a body's schema would drop in silence (a step's config, a
// connection's credentials) or that could never be read (a variable's key) is a 400 naming it.
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { loadWorkspaceValues } from "@/lib/variables/load-workspace-values";
import { startTestServer } from "../helpers/api-server";

const { t, api, web } = startTestServer();

/** fetch refuses TRACE itself: a raw request. */
function send(method: string, path: string, token?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${web.baseUrl}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a method Next cannot route", () => {
  for (const method of ["TRACE", "PROPFIND", "PURGE", "LINK", "FOO"]) {
    it(`${method} on /api/v1 is a 405 method_not_allowed JSON with Allow`, async () => {
      const r = await send(method, `/api/v1/workspaces`, t.editor.token);
      expect(r.status, r.text).toBe(405);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(r.headers.allow).toContain("GET");
      const body = JSON.parse(r.text);
      expect(body.error).toBe("method_not_allowed");
      expect(body.message).toContain(method);
    });
  }

  it("TRACE on a page is a clean 405, with no stack in the log", async () => {
    const r = await send("TRACE", "/");
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBeTruthy();
    expect(web.output()).not.toMatch(/HTTP method is unsupported/);
  });
});

/** The raw answer to raw request text, up to the connection's close. */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(web.baseUrl);
  return new Promise((resolve, reject) => {
    let out = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => (out += c));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
  });
}

describe("a request node's parser refuses", () => {
  it("for another fault than its method is still answered 400, as node answers it", async () => {
    expect(await raw("GET / HTTP/1.1\r\nno colon here\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('a "__proto__" key in a body', () => {
  it("in a step's config is a 400 naming it, nothing stored", async () => {
    const before = await db().workflow.count({ where: { workspaceId: t.providerA.id } });
    const body = JSON.parse('{"name":"Proto config","steps":[{"kind":"webhook","config":{"__proto__":{"sharedSecret":"abc"}}}]}');
    const r = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "__proto__" });
    expect(r.body.issues[0].path).toBe("steps.0.config.__proto__");
    expect(await db().workflow.count({ where: { workspaceId: t.providerA.id } })).toBe(before);
  });

  it("in a connection's credentials is a 400 naming it, nothing stored", async () => {
    const body = JSON.parse('{"app":"http","name":"Proto creds","authKind":"bearer","credentials":{"token":"t","__proto__":{"x":1}}}');
    const r = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "credentials.__proto__" });
    expect(r.body.issues[0].path).toBe("credentials.__proto__");
    expect(await db().connection.count({ where: { workspaceId: t.providerA.id, name: "Proto creds" } })).toBe(0);
  });

  it("as a variable's key is a 400 at key, nothing stored", async () => {
    const r = await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/__proto__`, { value: "x" });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.field).toBe("key");
    expect(r.body.message).toMatch(/reserved/);
    expect(await db().variable.count({ where: { workspaceId: t.providerA.id, key: "__proto__" } })).toBe(0);
  });

  it("as a stored variable's key (from before) still reads as a variable", async () => {
    await db().variable.create({ data: { workspaceId: t.providerA.id, key: "__proto__", value: "old", secret: false } });
    try {
      const values = (await loadWorkspaceValues({ workspaceIds: [t.providerA.id] })).get(t.providerA.id)!;
      expect(Object.keys(values.vars)).toContain("__proto__");
      expect(Object.hasOwn(values.vars, "__proto__") && values.vars["__proto__"]).toBe("old");
    } finally {
      await db().variable.deleteMany({ where: { workspaceId: t.providerA.id, key: "__proto__" } });
    }
  });
});
