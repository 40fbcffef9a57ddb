// The workflow management API against the real production server: shapes, the write-only
// webhook secret, validation and optimistic concurrency.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/secrets/crypto";
import { storedSteps } from "@/lib/workflows/stored-steps";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const SECRET = "s3cr3t-Plaintext-Value-9f2c";
const webhook = (config: Record<string, unknown> = {}) => ({ kind: "webhook", config });
const http = (url = "https://api.example.test/users") => ({ kind: "http", name: "Create user", config: { method: "POST", url } });
const create = (body: unknown, workspaceId = t.providerA.id) => api.post(`/api/v1/workspaces/${workspaceId}/workflows`, body);

// Every /api/v1 route file as a URL (placeholders for its ids) with a method it refuses.
function apiRoutes(rel = ""): { url: string; refused: string }[] {
  return readdirSync(path.join("app/api/v1", rel), { withFileTypes: true }).flatMap((d) => {
    const sub = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) return d.name.startsWith("[[") ? [] : apiRoutes(sub);
    if (d.name !== "route.ts") return [];
    const refused = /export const \{ (\w+)[^}]*\} = methodNotAllowed\(/.exec(readFileSync(path.join("app/api/v1", sub), "utf8"))?.[1] ?? "none";
    return [{ url: `/api/v1/${rel.replace(/\[\w+\]/g, "x")}`, refused }];
  });
}

describe("create, read, update, delete", () => {
  it("creates a Draft workflow and answers 201 with the contract's shape", async () => {
    const res = await create({
      name: "EDR triage",
      steps: [webhook({ signatureHeader: "X-Hub-Signature-256", testingData: { host: "pc-1", severity: "critical" } }), http()],
    });
    expect(res.status).toBe(201);
    const wf = res.body;
    expect(Object.keys(wf).sort()).toEqual(["createdAt", "id", "mode", "name", "savedAt", "savedBy", "steps", "updatedAt", "version", "webhookUrl", "workspaceId"]);
    expect(wf).toMatchObject({ workspaceId: t.providerA.id, name: "EDR triage", mode: "draft", webhookUrl: null, version: 1 });
    // Version 1 is the creator's save: the editor's conflict banner names them if it is in the way.
    expect(wf.savedBy).toEqual({ name: expect.any(String), email: expect.stringMatching(/@/) });
    expect(Math.abs(Date.parse(wf.savedAt) - Date.parse(wf.createdAt))).toBeLessThan(60_000);
    expect(wf.steps).toHaveLength(2);
    expect(wf.steps[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      number: 1,
      kind: "webhook",
      name: "Webhook",
      config: { sharedSecret: { set: false }, signatureHeader: "X-Hub-Signature-256", testingData: { host: "pc-1", severity: "critical" } },
    });
    expect(wf.steps[1]).toMatchObject({ number: 2, kind: "http", name: "Create user", config: { method: "POST", url: "https://api.example.test/users" } });
    expect(Object.keys(wf.steps[1]).sort()).toEqual(["config", "id", "kind", "name", "number"]);

    const read = await api.get(`/api/v1/workflows/${wf.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(wf);
  });

  it("creates an empty workflow (a Draft may start with no steps)", async () => {
    const res = await create({ name: "Empty" });
    expect(res.status).toBe(201);
    expect(res.body.steps).toEqual([]);
  });

  it("updates name and steps: given ids are kept, new steps get ids, numbers follow positions", async () => {
    const wf = (await create({ name: "Before", steps: [webhook(), http("https://a.test"), http("https://b.test")] })).body;
    const [s1, s2, s3] = wf.steps;
    const res = await api.put(`/api/v1/workflows/${wf.id}`, {
      name: "After",
      steps: [s1, { id: s3.id, kind: "http", config: s3.config }, { kind: "code", config: { code: "return 1" } }, s2],
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("After");
    expect(res.body.version).toBe(2);
    expect(res.body.steps.map((s: Json) => [s.number, s.kind])).toEqual([
      [1, "webhook"],
      [2, "http"],
      [3, "code"],
      [4, "http"],
    ]);
    expect(res.body.steps[0].id).toBe(s1.id);
    expect(res.body.steps[1].id).toBe(s3.id);
    expect(res.body.steps[3].id).toBe(s2.id);
    expect([s1.id, s2.id, s3.id]).not.toContain(res.body.steps[2].id);
    expect(res.body.steps[1].name).toBe("HTTP Request"); // name omitted: the kind's label
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body).toEqual(res.body);
  });

  it("a PUT without step ids keeps each step's id where the kind at its position is unchanged: a Live trigger keeps its URL and secret", async () => {
    const wf = (await create({ name: "Scripted", steps: [webhook({ sharedSecret: SECRET, signatureHeader: "X-Sig" }), http()] })).body;
    const url = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    const res = await api.put(`/api/v1/workflows/${wf.id}`, {
      name: "Scripted 2",
      steps: [webhook({ signatureHeader: "X-Sig" }), { kind: "code", config: { code: "return 1" } }, http("https://c.test")],
    });
    expect(res.status).toBe(200);
    expect(res.body.webhookUrl).toBe(url);
    expect(res.body.steps[0]).toMatchObject({ id: wf.steps[0].id, config: { sharedSecret: { set: true }, signatureHeader: "X-Sig" } });
    // Step 2 changed kind, so it is a new step; step 3 is new.
    expect([wf.steps[0].id, wf.steps[1].id]).not.toContain(res.body.steps[1].id);
    expect([wf.steps[0].id, wf.steps[1].id]).not.toContain(res.body.steps[2].id);
    // Naming some ids does not change that: the id-less trigger still keeps its id and URL.
    const mixed = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Scripted 3", steps: [webhook(), { id: res.body.steps[1].id, kind: "code", config: { code: "return 2" } }] });
    expect(mixed.status).toBe(200);
    expect(mixed.body.steps.map((s: Json) => s.id)).toEqual([wf.steps[0].id, res.body.steps[1].id]);
    expect(mixed.body.steps[0].config.sharedSecret).toEqual({ set: true });
    expect(mixed.body.webhookUrl).toBe(url);
    // A new trigger is a step with a new id: it starts without a secret, with a new URL.
    const replaced = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Scripted 4", steps: [{ id: "st_new_trigger", ...webhook() }, mixed.body.steps[1]] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.steps[0].id).toBe("st_new_trigger");
    expect(replaced.body.steps[0].config.sharedSecret).toEqual({ set: false });
    expect(replaced.body.webhookUrl).not.toBe(url);
  });

  it("a signed workflow copied by GET then POST is refused (400 naming sharedSecret), not created unsigned", async () => {
    const source = (await create({ name: "Signed", steps: [webhook({ sharedSecret: SECRET, signatureHeader: "X-Sig" }), http()] })).body;
    const read = (await api.get(`/api/v1/workflows/${source.id}`)).body;
    expect(read.steps[0].config.sharedSecret).toEqual({ set: true });
    const before = await db().workflow.count();
    const copy = await create({ name: "Signed copy", steps: read.steps.map((s: Json) => ({ kind: s.kind, name: s.name, config: s.config })) });
    expect(copy.status).toBe(400);
    expect(copy.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "sharedSecret" });
    expect(copy.body.message).toMatch(/\{"set": true\} keeps a stored secret, and this trigger has none.*send the secret itself/);
    expect(await db().workflow.count()).toBe(before);
    // The secret itself, or "" for none, is accepted; so is {"set": false}.
    expect((await create({ name: "Signed copy", steps: [webhook({ ...read.steps[0].config, sharedSecret: SECRET }), http()] })).body.steps[0].config.sharedSecret).toEqual({ set: true });
    expect((await create({ name: "Unsigned copy", steps: [webhook({ sharedSecret: { set: false } }), http()] })).status).toBe(201);
  });

  it("refuses a PUT that gives a step's id to a step of another kind, naming the step", async () => {
    const wf = (await create({ name: "Kinds", steps: [webhook(), http()] })).body;
    const res = await api.put(`/api/v1/workflows/${wf.id}`, {
      name: "Kinds",
      steps: [{ id: "st_other_trigger", ...webhook() }, { id: wf.steps[0].id, kind: "code", config: { code: "return 1" } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 2, stepId: wf.steps[0].id, field: "id" });
    expect(res.body.message).toMatch(/^step 2 \(Code Execution\): id: .* is the id of a Webhook step/);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body).toEqual(wf);
  });

  it("lists a workspace's workflows for the UI", async () => {
    const wf = (await create({ name: "Listed", steps: [webhook()] })).body;
    const res = await api.get(`/api/v1/workspaces/${t.providerA.id}/workflows`);
    expect(res.status).toBe(200);
    const item = res.body.workflows.find((w: Json) => w.id === wf.id);
    expect(item).toMatchObject({ id: wf.id, name: "Listed", mode: "draft", updatedAt: wf.updatedAt, lastRun: null, triggerKind: "webhook", stepCount: 1 });
    const times = res.body.workflows.map((w: Json) => w.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("deletes a workflow: 204, then 404, its rows gone", async () => {
    const wf = (await create({ name: "Doomed", steps: [webhook()] })).body;
    await api.post(`/api/v1/workflows/${wf.id}/live`);
    const { token } = await db().webhookEndpoint.findFirstOrThrow({ where: { workflowId: wf.id } });
    const delivered = await fetch(`${web.baseUrl}/hooks/${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(delivered.status).toBe(202);
    expect(await db().run.count({ where: { workflowId: wf.id, deliveryEndpointId: { not: null } } })).toBe(1);
    // A refused request too (wrong method is not logged; Draft is): the log then has both kinds.
    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    expect((await fetch(`${web.baseUrl}/hooks/${token}`, { method: "POST", body: "{}" })).status).toBe(409);
    expect(await db().delivery.count({ where: { workflowId: wf.id } })).toBe(1);
    const res = await api.del(`/api/v1/workflows/${wf.id}`);
    expect(res.status).toBe(204);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).status).toBe(404);
    expect((await api.del(`/api/v1/workflows/${wf.id}`)).status).toBe(404);
    expect(await db().workflow.count({ where: { id: wf.id } })).toBe(0);
    expect(await db().webhookEndpoint.count({ where: { workflowId: wf.id } })).toBe(0);
    // Its runs and its deliveries log go with it (accepted entries are its runs, the others
    // go through its endpoints).
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
    expect(await db().delivery.count({ where: { workflowId: wf.id } })).toBe(0);
  });
});

describe("the webhook shared secret is write-only", () => {
  it("is stored encrypted and never appears in any response", async () => {
    const responses: unknown[] = [];
    const created = await create({ name: "Signed", steps: [webhook({ sharedSecret: SECRET, signatureHeader: "X-Sig" })] });
    responses.push(created.body);
    const wf = created.body;
    expect(wf.steps[0].config).toEqual({ sharedSecret: { set: true }, signatureHeader: "X-Sig" });
    responses.push((await api.get(`/api/v1/workflows/${wf.id}`)).body);
    responses.push((await api.post(`/api/v1/workflows/${wf.id}/live`)).body);
    responses.push((await api.get(`/api/v1/workspaces/${t.providerA.id}/workflows`)).body);

    const row = await db().workflow.findUniqueOrThrow({ where: { id: wf.id } });
    const stored = JSON.stringify(row.steps);
    expect(stored).not.toContain(SECRET);
    const encrypted = String(storedSteps(row)[0].config.sharedSecretEncrypted);
    expect(encrypted).toMatch(/^v1:/);
    expect(decryptSecret(encrypted)).toBe(SECRET);

    // Absent keeps it; a read echoed back ({"set": true}) keeps it.
    const kept = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Signed", steps: [{ id: wf.steps[0].id, kind: "webhook", config: { signatureHeader: "X-Sig-2" } }] });
    responses.push(kept.body);
    expect(kept.body.steps[0].config).toEqual({ sharedSecret: { set: true }, signatureHeader: "X-Sig-2" });
    const echoed = await api.put(`/api/v1/workflows/${wf.id}`, kept.body);
    responses.push(echoed.body);
    expect(echoed.status).toBe(200);
    expect(echoed.body.steps[0].config.sharedSecret).toEqual({ set: true });
    const afterEcho = await db().workflow.findUniqueOrThrow({ where: { id: wf.id } });
    expect(storedSteps(afterEcho)[0].config.sharedSecretEncrypted).toBe(encrypted);

    for (const body of responses) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(encrypted);
      expect(text).not.toContain("sharedSecretEncrypted");
    }

    // An empty string clears it.
    const cleared = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Signed", steps: [{ id: wf.steps[0].id, kind: "webhook", config: { sharedSecret: "" } }] });
    expect(cleared.body.steps[0].config).toEqual({ sharedSecret: { set: false } });
    const row2 = await db().workflow.findUniqueOrThrow({ where: { id: wf.id } });
    expect(storedSteps(row2)[0].config).not.toHaveProperty("sharedSecretEncrypted");
  });

  it("a client cannot plant an encrypted value", async () => {
    // Not a setting a caller may send: refused by name like any unknown config field.
    const res = await create({ name: "Planted", steps: [webhook({ sharedSecretEncrypted: "v1:x:y:z" })] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "sharedSecretEncrypted" });
    expect(await db().workflow.count({ where: { name: "Planted" } })).toBe(0);
  });
});

describe("validation", () => {
  const cases: [string, unknown, RegExp][] = [
    ["a config field", { name: "V", steps: [webhook(), http(), { kind: "http", config: { method: "FETCH", url: "https://a.test" } }] }, /^step 3 \(HTTP Request\): method: must be one of "GET", /],
    ["a trigger after step 1", { name: "V", steps: [http(), webhook()] }, /^step 2 \(Webhook\): a trigger can only be step 1/],
    ["two triggers", { name: "V", steps: [webhook(), { kind: "scheduler", config: { cron: "0 2 1 * *" } }] }, /^step 2 \(Scheduler\): a trigger can only be step 1/],
    ["duplicate ids", { name: "V", steps: [{ id: "a", ...webhook() }, { id: "a", ...http() }] }, /^step 2 \(HTTP Request\): id "a" is already used by step 1/],
    ["an unknown kind", { name: "V", steps: [webhook(), { kind: "teleport", config: {} }] }, /^step 2: kind: /],
    ["a header name", { name: "V", steps: [webhook({ signatureHeader: "not a header" })] }, /^step 1 \(Webhook\): signatureHeader: must be a valid HTTP header name$/],
    [
      "a backward condition target",
      {
        name: "V",
        steps: [
          webhook(),
          { id: "h", ...http() },
          { kind: "conditions", config: { branches: [{ id: "b", rules: [{ left: "{{ 1.x }}", op: "exists" }], target: "h" }] } },
        ],
      },
      /^step 3 \(Conditions\): branches\.0\.target: "h" is not the id of a later step/,
    ],
  ];

  it.each(cases)("rejects %s with 400 invalid_workflow naming step and field, storing nothing", async (_what, body, message) => {
    const before = await db().workflow.count();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_workflow");
    expect(res.body.message).toMatch(message);
    expect(await db().workflow.count()).toBe(before);
  });

  it("rejects an invalid PUT and keeps the stored workflow", async () => {
    const wf = (await create({ name: "Keep", steps: [webhook(), http()] })).body;
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Keep", steps: [webhook(), { kind: "http", config: { url: 42 } }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^step 2 \(HTTP Request\): url: /);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body).toEqual(wf);
  });

  it("names an unknown field instead of dropping it, and never changes the mode by a save; a GET sent back saves", async () => {
    const before = await db().workflow.count();
    const typo = await create({ name: "Typo", steps: [webhook()], stpes: [] });
    expect(typo).toEqual({ status: 400, body: { error: "invalid_request", message: 'unknown field "stpes": a workflow save takes name, steps and version', field: "stpes", issues: [{ path: "stpes", message: "unknown field" }] } });
    const stepTypo = await create({ name: "Typo", steps: [{ kind: "webhook", confg: {} }] });
    expect(stepTypo.status).toBe(400);
    expect(stepTypo.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "confg" });
    expect(await db().workflow.count()).toBe(before);
    // A create ignores `mode` (a Live workflow's GET posted back is a copy): it starts in Draft.
    const live = await create({ name: "Born live", mode: "live", steps: [webhook()] });
    expect(live.status).toBe(201);
    expect(live.body.mode).toBe("draft");

    const wf = (await create({ name: "Read back", mode: "draft", steps: [webhook(), http()] })).body;
    const readBack = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    const saved = await api.put(`/api/v1/workflows/${wf.id}`, { ...readBack, name: "Read back, renamed" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Read back, renamed", mode: "draft", version: readBack.version + 1 });
    const publish = await api.put(`/api/v1/workflows/${wf.id}`, { ...saved.body, mode: "live" });
    expect(publish.status).toBe(400);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");
  });

  it("rejects a missing name and a body that is not JSON", async () => {
    expect((await create({ steps: [] })).body.error).toBe("invalid_request");
    const res = await fetch(`${web.baseUrl}/api/v1/workspaces/${t.providerA.id}/workflows`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
  });

  it("says where a body is not JSON and, for a trailing comma in Testing data, what is wrong", async () => {
    const send = (body: string) =>
      fetch(`${web.baseUrl}/api/v1/workspaces/${t.providerA.id}/workflows`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" },
        body,
      });
    const trailing = await send('{\n  "name": "Comma",\n  "steps": [{"kind": "webhook", "config": {"testingData": {"event": "a",}}}]\n}');
    expect(trailing.status).toBe(400);
    expect(await trailing.json()).toMatchObject({
      error: "invalid_request",
      message: "the request body is not valid JSON: line 3, column 72: a trailing comma before '}': JSON allows no comma after the last item, remove it",
    });
    const quoted = await send("{'name': 'Quotes', 'steps': []}");
    expect((await quoted.json()).message).toBe('the request body is not valid JSON: line 1, column 2: single quotes: JSON needs double quotes around text and property names ("like this")');
  });

  it("answers 400/413/404 naming the problem, never 500, for what the database cannot store", async () => {
    const raw = (method: string, path: string, body?: string) =>
      fetch(`${web.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" }, body }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    const wfs = `/api/v1/workspaces/${t.providerA.id}/workflows`;
    const before = await db().workflow.count();
    const nul = await raw("POST", wfs, '{"name":"a\\u0000b","steps":[]}');
    expect(nul).toEqual({ status: 400, body: { error: "invalid_request", message: expect.stringMatching(/^name: contains the NUL character/) } });
    const surrogate = await raw("POST", wfs, '{"name":"x","steps":[{"kind":"webhook","config":{"testingData":{"t":"\\udfff"}}}]}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toMatch(/^steps\.0\.config\.testingData\.t: contains an unpaired UTF-16 surrogate/);
    const deep = await raw("POST", wfs, `{"name":"x","steps":[{"kind":"webhook","config":{"testingData":${"[".repeat(5000)}${"]".repeat(5000)}}}]}`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/is nested deeper than 512 levels/);
    const huge = await raw("POST", wfs, JSON.stringify({ name: "x", steps: [webhook({ testingData: "x".repeat(6 * 1024 * 1024) })] }));
    expect(huge).toEqual({ status: 413, body: { error: "payload_too_large", message: expect.stringMatching(/over 5 MB/) } });
    // Chunked (no Content-Length): refused once past 5 MB, before the rest is sent.
    let sent = 0;
    const chunk = new TextEncoder().encode(`"${"x".repeat(64 * 1024)}",`);
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{"name":"x","steps":[],"pad":[')),
      pull: (c) => {
        if (sent > 64 * 1024 * 1024) return c.close();
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const chunked = await fetch(`${web.baseUrl}${wfs}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    const latin1 = await fetch(`${web.baseUrl}${wfs}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" },
      body: Buffer.concat([Buffer.from('{"name":"QA '), Buffer.from([0xff, 0xfe]), Buffer.from('","steps":[]}')]),
    });
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toEqual({ error: "invalid_request", message: "the request body is not valid UTF-8" });
    const sample = await raw("POST", wfs, JSON.stringify({ name: "x", steps: [webhook({ testingData: { blob: "x".repeat(1_048_577) } })] }));
    expect(sample.status).toBe(400);
    expect(sample.body.message).toMatch(/testingData: is over 1 MB, the limit of a delivery/);
    expect(await db().workflow.count()).toBe(before);
    expect((await raw("GET", "/api/v1/workflows/%00")).status).toBe(404);
    expect((await raw("GET", `/api/v1/workspaces/${t.providerA.id}/connections?app=%00`)).status).toBe(400);
    const signIn = await fetch(`${web.baseUrl}/api/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"a\\u0000@example.test","password":"x"}' });
    expect(signIn.status).toBe(400);
  });

  it("answers a method a route does not take with 405 JSON and Allow (OPTIONS with the same Allow), and an unknown API path, /api/v1 included, with 404 JSON", async () => {
    const call = (method: string, path: string) =>
      fetch(`${web.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${t.editor.token}` } }).then(async (r) => ({
        status: r.status,
        allow: r.headers.get("allow"),
        body: await r.json(),
      }));
    const wf = (await create({ name: "Methods", steps: [webhook()] })).body;
    expect(await call("PATCH", `/api/v1/workflows/${wf.id}`)).toEqual({
      status: 405,
      allow: "GET, PUT, DELETE, HEAD, OPTIONS",
      body: { error: "method_not_allowed", message: "PATCH is not allowed here; this route takes GET, PUT, DELETE" },
    });
    expect(await call("GET", `/api/v1/workflows/${wf.id}/live`)).toMatchObject({ status: 405, allow: "POST, OPTIONS" });
    expect(await call("DELETE", "/api/v1/workspaces")).toMatchObject({ status: 405, body: { error: "method_not_allowed" } });
    expect(await call("GET", `/api/v1/workflow/${wf.id}`)).toEqual({ status: 404, allow: null, body: { error: "not_found", message: "API route not found" } });
    expect(await call("POST", "/api/v1/does-not-exist")).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect(await call("OPTIONS", "/api/v1/does-not-exist")).toMatchObject({ status: 404, body: { error: "not_found" } });
    // The API's root is no route either: the same JSON, not Next's HTML page.
    expect(await call("GET", "/api/v1")).toEqual({ status: 404, allow: null, body: { error: "not_found", message: "API route not found" } });
    expect(await call("POST", "/api/v1")).toMatchObject({ status: 404, body: { error: "not_found" } });
    // Nor is a path under /api outside /api/v1 (a mistyped version, health or other prefix), /api itself included.
    for (const [method, p] of [["GET", "/api/v2/workspaces"], ["POST", "/api/nope"], ["GET", "/api/health/nope"], ["DELETE", "/api/workflows/x"], ["OPTIONS", "/api/x"], ["GET", "/api"], ["POST", "/api"]]) {
      const r = await fetch(`${web.baseUrl}${p}`, { method, headers: { authorization: `Bearer ${t.editor.token}` }, redirect: "manual" });
      expect({ p, status: r.status, type: r.headers.get("content-type"), body: await r.text() }).toEqual({
        p, status: 404, type: "application/json", body: JSON.stringify({ error: "not_found", message: "API route not found" }),
      });
    }
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).status).toBe(200); // the real routes still win
    // A trailing slash is the same route, answered as without it (no redirect a script must follow).
    const slashed = await fetch(`${web.baseUrl}/api/v1/workflows/${wf.id}/`, { headers: { authorization: `Bearer ${t.editor.token}` }, redirect: "manual" });
    expect(slashed.status).toBe(200);
    expect(((await slashed.json()) as { id: string }).id).toBe(wf.id);

    // OPTIONS agrees with the 405's Allow on every route (Next's own OPTIONS would list the 405
    // handlers as allowed too).
    const options = await fetch(`${web.baseUrl}/api/v1/workflows/${wf.id}`, { method: "OPTIONS" });
    expect({ status: options.status, allow: options.headers.get("allow"), body: await options.text() }).toEqual({ status: 204, allow: "GET, PUT, DELETE, HEAD, OPTIONS", body: "" });
    const disagree: string[] = [];
    for (const { url, refused } of apiRoutes()) {
      const o = await fetch(`${web.baseUrl}${url}`, { method: "OPTIONS" });
      const r = await fetch(`${web.baseUrl}${url}`, { method: refused });
      const got = `${o.status} ${o.headers.get("allow")}`;
      if (r.status !== 405 || got !== `204 ${r.headers.get("allow")}`) disagree.push(`${url}: OPTIONS ${got}, ${refused} ${r.status} ${r.headers.get("allow")}`);
    }
    expect(disagree).toEqual([]);
  });

  it("going Live needs a trigger; a Live workflow cannot lose it", async () => {
    const noTrigger = (await create({ name: "No trigger", steps: [http()] })).body;
    const res = await api.post(`/api/v1/workflows/${noTrigger.id}/live`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("trigger_required");
    expect((await api.get(`/api/v1/workflows/${noTrigger.id}`)).body.mode).toBe("draft");

    const live = (await create({ name: "Live", steps: [webhook(), http()] })).body;
    expect((await api.post(`/api/v1/workflows/${live.id}/live`)).status).toBe(200);
    const drop = await api.put(`/api/v1/workflows/${live.id}`, { name: "Live", steps: [live.steps[1]] });
    expect(drop.status).toBe(409);
    expect(drop.body.error).toBe("trigger_required");
  });
});

describe("unfinished steps", () => {
  // Steps as the editor adds them: required text still empty. A Draft keeps them (with every step
  // after them); Live asks for them, naming step and field.
  const unfinished = () => [webhook(), { kind: "http", config: { method: "GET", url: "" } }, { kind: "parse_json", config: { input: "" } }, { kind: "code", config: { code: "return 1" } }];

  it("a Draft saves them, and the steps after them", async () => {
    const wf = (await create({ name: "Unfinished", steps: [webhook()] })).body;
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Unfinished", steps: unfinished(), version: wf.version });
    expect(res.status).toBe(200);
    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(read.steps.map((s: Json) => s.kind)).toEqual(["webhook", "http", "parse_json", "code"]);
    expect(read.steps[1].config.url).toBe("");
  });

  it("going Live is refused with 409 step_incomplete naming step and field; filled in, it goes Live", async () => {
    const wf = (await create({ name: "To finish", steps: unfinished() })).body;
    const res = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "step_incomplete",
      message: "step 2 (HTTP Request): URL is required; fill it in, or keep the workflow in Draft",
      step: 2,
      stepId: wf.steps[1].id,
      field: "url",
    });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");

    const steps = wf.steps.map((s: Json, i: number) => (i === 1 ? { ...s, config: { ...s.config, url: "https://a.test" } } : i === 2 ? { ...s, config: { input: "{{ 2.body }}" } } : s));
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps })).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);

    // A Live workflow keeps only finished steps: emptying a field again is refused and stores nothing.
    const emptied = steps.map((s: Json, i: number) => (i === 2 ? { ...s, config: { input: " " } } : s));
    const refused = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: emptied });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "step_incomplete", message: "step 3 (Parse JSON): Input is required; fill it in, or keep the workflow in Draft", step: 3, field: "input" });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.steps[2].config.input).toBe("{{ 2.body }}");
  });

  it("a Live workflow is not saved reading a secret as a variable (409 wrong_kind), as going Live refuses it", async () => {
    const ws = (await db().workspace.create({ data: { name: "Wrong kind client", kind: "client", providerId: t.providerA.id } })).id;
    expect((await api.put(`/api/v1/workspaces/${ws}/variables/API_TOKEN`, { value: "tok-1", secret: true })).status).toBe(201);
    const wf = (await create({ name: "Kinds", steps: [webhook(), http()] }, ws)).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const steps = wf.steps.map((s: Json, i: number) => (i === 1 ? { ...s, config: { ...s.config, url: "https://a.test/{{ vars.API_TOKEN }}" } } : s));
    const refused = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "wrong_kind", key: "API_TOKEN", secret: true });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.steps[1].config.url).toBe("https://api.example.test/users");
    // Reading it as the secret it is saves.
    const right = steps.map((s: Json, i: number) => (i === 1 ? { ...s, config: { ...s.config, url: "https://a.test/{{ secrets.API_TOKEN }}" } } : s));
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: right })).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`)).status).toBe(200);
  });

  it("going Live with a Code step that reads a secret through vars names vars.K as written and says Code steps cannot read secrets", async () => {
    const ws = (await db().workspace.create({ data: { name: "Code reads secret", kind: "client", providerId: t.providerA.id } })).id;
    expect((await api.put(`/api/v1/workspaces/${ws}/variables/API_KEY`, { value: "k-1", secret: true })).status).toBe(201);
    const wf = (await create({ name: "Code secret", steps: [webhook(), { kind: "code", name: "Sign", config: { code: "return vars.API_KEY" } }] }, ws)).body;
    const refused = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "wrong_kind", key: "API_KEY", secret: true });
    expect(refused.body.message).toBe(
      'step 2 (Code Execution "Sign") reads vars.API_KEY, but API_KEY is a secret in this workspace and Code steps cannot read secrets: ' +
        "use it where the request is made (an HTTP Request's header or URL with {{ secrets.API_KEY }}, or an account), " +
        "or, if it need not be secret, switch its kind on the Variables page (\"Make variable\", typing its value again: a secret's value is never shown); or keep the workflow in Draft",
    );
    // A template's read keeps its own wording: {{ vars.K }} there is fixed by {{ secrets.K }}.
    const steps = [wf.steps[0], { kind: "http", name: "Call", config: { method: "GET", url: "https://a.test/{{ vars.API_KEY }}" } }];
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps })).status).toBe(200);
    const template = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(template.status).toBe(409);
    expect(template.body.message).toContain('({{ vars.API_KEY }}): switch its kind on the Variables page ("Make variable", typing its value again: a secret\'s value is never shown), or change the workflow to read {{ secrets.API_KEY }}');
  });

  it("a cleared JSON body is saved as no body", async () => {
    const res = await create({ name: "No body", steps: [webhook(), { kind: "http", config: { method: "POST", url: "https://a.test", body: { type: "json" } } }] });
    expect(res.status).toBe(201);
    expect(res.body.steps[1].config.body).toEqual({ type: "json" });
  });
});

describe("optimistic concurrency", () => {
  it("answers 409 version_conflict when the version sent is stale, and changes nothing", async () => {
    const wf = (await create({ name: "V1", steps: [webhook()] })).body;
    const first = await api.put(`/api/v1/workflows/${wf.id}`, { name: "V2", steps: wf.steps, version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const stale = await api.put(`/api/v1/workflows/${wf.id}`, { name: "V2-stale", steps: wf.steps, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "version_conflict", currentVersion: 2 });
    expect(stale.body.message).toMatch(/version/);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body).toEqual(first.body);
    // Without a version the save applies (last write wins).
    const blind = await api.put(`/api/v1/workflows/${wf.id}`, { name: "V3", steps: wf.steps });
    expect(blind.body).toMatchObject({ name: "V3", version: 3 });
  });

  it("mode changes do not bump the definition version", async () => {
    const wf = (await create({ name: "Modes", steps: [webhook()] })).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).body.version).toBe(1);
    const saved = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Modes", steps: wf.steps, version: 1 });
    expect(saved.status).toBe(200);
  });
});
