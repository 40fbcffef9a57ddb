import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EntryRefused, StoreUnavailable } from "@/lib/intake/group-commit";
import { createDeliveryHandler, type IntakeRequest } from "@/lib/intake/handle-delivery";
import type { Endpoint } from "@/lib/intake/lookup-endpoints";
import { readBody } from "@/lib/intake/read-body";
import type { BatchEntry } from "@/lib/intake/write-batch";

const TOKEN = "t".repeat(43);
const SECRET = "s3cret";
const base: Endpoint = {
  endpointId: "ep1",
  workflowId: "wf1",
  workspaceId: "ws1",
  stale: false,
  live: true,
  secretEncrypted: null,
  signatureHeader: null,
};

function setup(endpoint: Endpoint | null, commitError?: Error) {
  const entries: BatchEntry[] = [];
  let lookups = 0;
  const handle = createDeliveryHandler({
    lookup: async () => {
      lookups++;
      return endpoint;
    },
    commit: async (e) => {
      entries.push(e);
      if (commitError) throw commitError;
      return e.kind === "run" ? { runId: "r1" } : {};
    },
    decrypt: (s) => s.replace(/^enc:/, ""),
    limit: 100,
  });
  return { handle, entries, lookups: () => lookups };
}

async function* chunks(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}

const req = (over: Partial<IntakeRequest> & { text?: string; body?: AsyncIterable<Uint8Array> } = {}): IntakeRequest => ({
  method: "POST",
  token: TOKEN,
  headers: { "content-type": "application/json", ...over.headers },
  readBody: (limit) => readBody(over.body ?? chunks(over.text ?? '{"a":1}'), limit),
  ...(over.method ? { method: over.method } : {}),
  ...(over.token ? { token: over.token } : {}),
});
const sign = (s: string) => createHmac("sha256", SECRET).update(s).digest("hex");
const signed = { ...base, secretEncrypted: `enc:${SECRET}` };
const outcome = (e: BatchEntry | undefined) => (e && e.kind !== "none" ? e.delivery.outcome : e?.kind);

describe("intake check order", () => {
  it("405 with Allow: POST before anything else, without a lookup", async () => {
    const s = setup(base);
    const r = await s.handle(req({ method: "GET" }));
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("POST");
    expect(s.lookups()).toBe(0);
    expect(s.entries).toEqual([]);
  });

  it("declared Content-Length over the limit answers 413 even for unknown tokens, body unread", async () => {
    let read = false;
    const body = (async function* () {
      read = true;
      yield Buffer.from("x");
    })();
    for (const ep of [null, base, { ...base, stale: true }]) {
      const s = setup(ep);
      const r = await s.handle(req({ headers: { "content-length": "101" }, body }));
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body).error).toBe("payload_too_large");
      expect(outcome(s.entries[0])).toBe(ep ? "too_large" : "none");
    }
    expect(read).toBe(false);
  });

  it("unknown, malformed and rotated tokens answer 202 and store no run", async () => {
    for (const [ep, token, expected] of [
      [null, TOKEN, "none"],
      [base, "short", "none"],
      [{ ...base, stale: true }, TOKEN, "rotated_url"],
      [{ ...signed, stale: true, live: false }, TOKEN, "rotated_url"],
    ] as const) {
      const s = setup(ep);
      const r = await s.handle(req({ token, text: "not json" }));
      expect(r).toMatchObject({ status: 202, body: '{"received":true}' });
      expect(outcome(s.entries[0])).toBe(expected);
    }
  });

  it("a streamed body over the limit answers 413 at a known token, 202 at an unknown one", async () => {
    const big = () => chunks("x".repeat(60), "y".repeat(60));
    expect((await setup(base).handle(req({ body: big() }))).status).toBe(413);
    expect((await setup(signed).handle(req({ body: big() }))).status).toBe(413); // before the signature
    expect((await setup(null).handle(req({ body: big() }))).status).toBe(202);
  });

  it("signature before Draft, Draft before JSON", async () => {
    const draftSigned = { ...signed, live: false };
    let s = setup(draftSigned);
    expect((await s.handle(req({ text: "{bad" }))).status).toBe(401);
    expect(outcome(s.entries[0])).toBe("invalid_signature");
    s = setup(draftSigned);
    const r = await s.handle(req({ text: "{bad", headers: { "x-service-signature": sign("{bad") } }));
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toEqual({ error: "workflow_not_published", message: expect.stringContaining("not published; switch it to Live") });
    s = setup(signed);
    const j = await s.handle(req({ text: "{bad", headers: { "x-service-signature": sign("{bad") } }));
    expect(j).toMatchObject({ status: 400, body: '{"error":"invalid_json"}' });
    expect(outcome(s.entries[0])).toBe("invalid_json");
  });

  it("reads the signature from the configured header only", async () => {
    const ep = { ...signed, signatureHeader: "X-Hub-Signature-256" };
    const good = await setup(ep).handle(req({ headers: { "x-hub-signature-256": `sha256=${sign('{"a":1}')}` } }));
    expect(good.status).toBe(202);
    const wrongHeader = await setup(ep).handle(req({ headers: { "x-service-signature": sign('{"a":1}') } }));
    expect(wrongHeader.status).toBe(401);
    expect(wrongHeader.body).toBe('{"error":"invalid_signature"}');
  });

  it("logs why a signature was refused (missing header, malformed, no match) while the 401 stays the same", async () => {
    const ep = { ...signed, signatureHeader: "X-Hub-Signature-256" };
    const body = '{"a":1}';
    const reasons: unknown[] = [];
    for (const headers of [
      { "x-service-signature": sign(body) },
      { "x-hub-signature-256": "sha256=not-a-digest" },
      { "x-hub-signature-256": `sha256=${createHmac("sha256", "other").update(body).digest("hex")}` },
    ]) {
      const s = setup(ep);
      const r = await s.handle(req({ text: body, headers }));
      expect(r).toMatchObject({ status: 401, body: '{"error":"invalid_signature"}' });
      const e = s.entries[0];
      reasons.push(e?.kind === "record" ? e.delivery.reason : e);
    }
    expect(reasons).toEqual([
      "no x-hub-signature-256 header",
      "malformed x-hub-signature-256 value (not an HMAC-SHA256 in hex or base64)",
      "signature did not match",
    ]);
  });

  it("an accepted delivery is one run entry with the posted text and an accepted log row", async () => {
    const s = setup(base);
    const r = await s.handle(req({ text: '{"n": 12345678901234567890123}' }));
    expect(r).toMatchObject({ status: 202, body: '{"received":true}' });
    expect(s.entries).toEqual([
      {
        kind: "run",
        workspaceId: "ws1",
        trigger: '{"n": 12345678901234567890123}',
        delivery: { workflowId: "wf1", endpointId: "ep1", outcome: "accepted", size: 30, contentType: "application/json" },
      },
    ]);
  });
});

describe("intake store failures", () => {
  it("a failed batch turns 202s into 503 with Retry-After; refusals keep their answer", async () => {
    const down = new StoreUnavailable("down");
    for (const ep of [base, null, { ...base, stale: true }]) {
      const r = await setup(ep, down).handle(req());
      expect(r.status).toBe(503);
      expect(r.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(r.body).error).toBe("temporarily_unavailable");
    }
    expect((await setup({ ...base, live: false }, down).handle(req())).status).toBe(409);
  });

  it("a lookup failure is a 503, and so is a secret that cannot be decrypted", async () => {
    const s = createDeliveryHandler({
      lookup: async () => {
        throw new Error("db down");
      },
      commit: async () => ({}),
      decrypt: () => "",
    });
    expect((await s(req())).status).toBe(503);
    const t = createDeliveryHandler({
      lookup: async () => signed,
      commit: async () => ({}),
      decrypt: () => {
        throw new Error("bad key");
      },
    });
    expect((await t(req())).status).toBe(503);
  });

  it("an entry the database refused is a 400, or a 202 when its workflow was deleted meanwhile", async () => {
    expect((await setup(base, new EntryRefused("22P05")).handle(req())).status).toBe(400);
    expect((await setup(base, new EntryRefused("23503")).handle(req())).status).toBe(202);
  });

  it("a sender that disconnects mid-body gets a 400 (it reads nothing anyway)", async () => {
    const body = (async function* () {
      yield Buffer.from("{");
      throw new Error("aborted");
    })();
    expect((await setup(base).handle(req({ body }))).status).toBe(400);
  });
});
