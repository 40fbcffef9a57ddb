// GET /api/v1/workflows/{id} answers with a strong ETag and, sent it back in If-None-Match, 304 with
// no body while the workflow reads the same: the editor's 10 s poll of an idle tab downloaded the
// whole workflow (1 MB of Testing data: 360 MB an hour) to learn nothing had changed. Whatever
// changes the view — a save, Live/Draft, a new webhook URL — changes the tag, so it is never 304.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startApiServer, type ApiServer } from "../helpers/api-server";

let server: ApiServer;

beforeAll(async () => {
  server = await startApiServer();
}, 120_000);
afterAll(() => server?.stop());

/** A GET with the raw answer: status, headers and the body as text. */
async function read(id: string, etag?: string) {
  const res = await fetch(`${server.web.baseUrl}/api/v1/workflows/${id}`, {
    headers: { authorization: `Bearer ${server.t.editor.token}`, ...(etag ? { "if-none-match": etag } : {}) },
  });
  return { status: res.status, etag: res.headers.get("etag"), cacheControl: res.headers.get("cache-control"), text: await res.text() };
}

async function webhookWorkflow(): Promise<Json> {
  const res = await server.api.post(`/api/v1/workspaces/${server.t.providerA.id}/workflows`, {
    name: `ETag ${Date.now()}`,
    steps: [{ kind: "webhook", config: {} }, { kind: "transform", name: "A", config: { fields: [{ name: "x", expression: "1" }] } }],
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Reads the workflow, checks the old tag now gets the whole new body, and returns the new tag. */
async function changedSince(id: string, etag: string): Promise<string> {
  const again = await read(id, etag);
  expect(again.status).toBe(200);
  expect(again.etag).toMatch(/^"[^"]+"$/);
  expect(again.etag).not.toBe(etag);
  expect(JSON.parse(again.text)).toEqual((await server.api.get(`/api/v1/workflows/${id}`)).body);
  return again.etag!;
}

describe("GET /api/v1/workflows/{id}: ETag and If-None-Match", () => {
  it("answers 304 with no body while nothing changed, and 200 with a new tag after a save, Live, a new URL and Draft", async () => {
    const wf = await webhookWorkflow();
    const first = await read(wf.id);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(first.cacheControl).toContain("no-cache");
    expect(JSON.parse(first.text)).toMatchObject({ id: wf.id, version: wf.version, mode: "draft" });

    const same = await read(wf.id, first.etag!);
    expect(same.status).toBe(304);
    expect(same.text).toBe("");
    expect(same.etag).toBe(first.etag);
    // A list holding it, or the weak form, matches too (If-None-Match compares weakly).
    expect((await read(wf.id, `"other", W/${first.etag}`)).status).toBe(304);
    expect((await read(wf.id, `"other"`)).status).toBe(200);

    // A save (a new version).
    const saved = await server.api.put(`/api/v1/workflows/${wf.id}`, { name: "Renamed", version: wf.version });
    expect(saved.status).toBe(200);
    let tag = await changedSince(wf.id, first.etag!);

    // Live: the mode and the webhook URL.
    const live = await server.api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.status).toBe(200);
    tag = await changedSince(wf.id, tag);
    const before = JSON.parse((await read(wf.id)).text).webhookUrl as string;
    expect((await read(wf.id, tag)).status).toBe(304);

    // Generate a new URL.
    const rotated = await server.api.post(`/api/v1/workflows/${wf.id}/webhook-url`);
    expect(rotated.status).toBe(200);
    const afterRotate = await read(wf.id, tag);
    expect(afterRotate.status).toBe(200);
    expect(JSON.parse(afterRotate.text).webhookUrl).not.toBe(before);
    tag = afterRotate.etag!;

    // Back to Draft.
    expect((await server.api.post(`/api/v1/workflows/${wf.id}/draft`)).status).toBe(200);
    tag = await changedSince(wf.id, tag);
    expect((await read(wf.id, tag)).status).toBe(304);
  });

  it("a refusal is not turned into a 304: another tenant's workflow is 404 whatever tag is sent", async () => {
    const wf = await webhookWorkflow();
    const { etag } = await read(wf.id);
    const res = await fetch(`${server.web.baseUrl}/api/v1/workflows/${wf.id}`, {
      headers: { authorization: `Bearer ${server.t.outsider.token}`, "if-none-match": etag! },
    });
    expect(res.status).toBe(404);
  });
});
