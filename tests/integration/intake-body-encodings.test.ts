// Bodies the way senders really send them, over real HTTP through both adapters (the custom
// server's fast path and the Next route): compressed with Content-Encoding gzip / deflate / br
// (decoded, with the 1 MB limit holding for the decoded body), and JSON labelled text/plain
// (AWS SNS), stored as JSON when it is an object or array.
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { startTestServer } from "@/tests/helpers/api-server";
import { descendants } from "@/tests/helpers/services";
import { createHook, deliveriesOf, MB, RECEIVED, runsOf, send } from "@/tests/integration/intake-fixtures";

const sign = (secret: string, body: Buffer) => "sha256=" + createHmac("sha256", secret).update(body).digest("hex");

/** The highest resident memory (VmHWM, kB) any process of the web server has had. */
function peakKb(pid: number): number {
  return Math.max(
    ...[pid, ...descendants(pid)].map((p) => {
      try {
        return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      } catch {
        return 0;
      }
    }),
  );
}

for (const [name, env] of [
  ["fast path", {}],
  ["Next route", { INTAKE_FAST_PATH: "false" }],
] as const) {
  describe(`intake body encodings via the ${name}`, () => {
    const { web } = startTestServer({ tenancy: "none", env });
    const url = (token: string) => `${web.baseUrl}/hooks/${token}`;
    const payload = () => ({ alert: { id: randomUUID(), host: "srv-1" }, tags: ["edr", "high"], n: 3 });

    it("decodes a gzip, deflate (zlib or bare) or br body and starts a run whose trigger is the JSON object", async () => {
      const h = await createHook();
      const sent = [payload(), payload(), payload(), payload(), payload()];
      const bodies: [string, Buffer][] = [
        ["gzip", zlib.gzipSync(JSON.stringify(sent[0]))],
        ["deflate", zlib.deflateSync(JSON.stringify(sent[1]))],
        ["deflate", zlib.deflateRawSync(JSON.stringify(sent[2]))],
        ["br", zlib.brotliCompressSync(JSON.stringify(sent[3]))],
        ["x-gzip", zlib.gzipSync(JSON.stringify(sent[4]))],
      ];
      for (const [encoding, body] of bodies) {
        const r = await send(url(h.token), { body, headers: { "content-encoding": encoding } });
        expect([encoding, r.status, r.text]).toEqual([encoding, 202, RECEIVED]);
      }
      const runs = await runsOf(h.workflowId);
      expect(runs.map((r) => r.trigger)).toEqual(expect.arrayContaining(sent));
      expect(runs).toHaveLength(sent.length);
      // The log keeps what arrived: the sender's content type and the size on the wire.
      const log = await deliveriesOf(h.workflowId);
      expect(log.map((d) => d.contentType)).toEqual(sent.map(() => "application/json"));
      expect(log.map((d) => d.size).sort()).toEqual(bodies.map(([, b]) => b.length).sort());
    });

    it("answers a gzip bomb (50 MB of zeros, 49 KB compressed) with 413 at once, without inflating it", async () => {
      const h = await createHook();
      const bomb = zlib.gzipSync(Buffer.alloc(50 * MB));
      expect(bomb.length).toBeLessThan(MB);
      const before = peakKb(web.proc.pid!);
      const started = Date.now();
      const r = await send(url(h.token), { body: bomb, headers: { "content-encoding": "gzip" } });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(r.status).toBe(413);
      expect(r.json()).toMatchObject({ error: "payload_too_large", message: expect.stringMatching(/1 MB .* once decompressed/) });
      // Inflated whole, the body alone would have added 50 MB to the server's peak.
      expect(peakKb(web.proc.pid!) - before).toBeLessThan(32 * 1024);
      expect(await runsOf(h.workflowId)).toHaveLength(0);
      const [d] = await deliveriesOf(h.workflowId);
      expect(d).toMatchObject({ outcome: "too_large", size: bomb.length, reason: "the gzip-compressed body is over 1 MB decompressed" });
      // Exactly 1 MB decoded is still within the limit.
      const full = `"${"a".repeat(MB - 2)}"`;
      const ok = await send(url(h.token), { body: zlib.gzipSync(full), headers: { "content-encoding": "gzip" } });
      expect(ok.status).toBe(202);
    });

    it("answers 400 naming the coding when the body is not valid data of it", async () => {
      const h = await createHook();
      const gz = zlib.gzipSync(JSON.stringify(payload()));
      const cases: [string, Buffer, string][] = [
        ["gzip", Buffer.from(JSON.stringify(payload())), "gzip"], // said gzip, sent plain
        ["gzip", gz.subarray(0, gz.length - 10), "gzip"], // cut short
        ["br", Buffer.from("not brotli at all"), "br (Brotli)"],
        ["deflate", Buffer.from([0xff, 0xff, 0xff, 0xff]), "deflate"],
      ];
      for (const [encoding, body, said] of cases) {
        const r = await send(url(h.token), { body, headers: { "content-encoding": encoding } });
        expect([encoding, r.status, r.json()]).toEqual([encoding, 400, { error: "invalid_encoding", message: `The body is not valid ${said} data, as its Content-Encoding says it is.` }]);
      }
      expect(await runsOf(h.workflowId)).toHaveLength(0);
      expect((await deliveriesOf(h.workflowId)).map((d) => d.outcome)).toEqual(cases.map(() => "bad_encoding"));
    });

    it("answers 415 naming the accepted encodings for a coding it does not decode", async () => {
      const h = await createHook();
      const r = await send(url(h.token), { body: Buffer.from([0x1f, 0x9d, 0x90, 0x7b]), headers: { "content-encoding": "compress" } });
      expect(r.status).toBe(415);
      expect(r.headers["accept-encoding"]).toBe("gzip, deflate, br");
      expect(r.json()).toMatchObject({ error: "unsupported_encoding", accepted: ["gzip", "deflate", "br", "identity"] });
      const [d] = await deliveriesOf(h.workflowId);
      expect(d).toMatchObject({ outcome: "bad_encoding", reason: 'Content-Encoding "compress" is not supported' });
      // Names no sender means, including those an object lookup would find on Object.prototype.
      for (const encoding of ["zstd", "gzip, compress", "constructor", "__proto__"]) {
        const other = await send(url(h.token), { body: JSON.stringify({ x: 1 }), headers: { "content-encoding": encoding } });
        expect([encoding, other.status]).toEqual([encoding, 415]);
      }
      // identity means "not encoded": read as usual.
      const plain = await send(url(h.token), { body: JSON.stringify({ x: 1 }), headers: { "content-encoding": "identity" } });
      expect(plain.status).toBe(202);
    });

    it("accepts a compressed delivery signed over the decoded payload or over the bytes sent, and nothing else", async () => {
      const secret = `k-${randomUUID()}`;
      const h = await createHook({ secret });
      const overDecoded = Buffer.from(JSON.stringify(payload()));
      const gzDecoded = zlib.gzipSync(overDecoded);
      const r1 = await send(url(h.token), { body: gzDecoded, headers: { "content-encoding": "gzip", "x-service-signature": sign(secret, overDecoded) } });
      expect(r1.status).toBe(202);
      const overRaw = Buffer.from(JSON.stringify(payload()));
      const gzRaw = zlib.gzipSync(overRaw);
      const r2 = await send(url(h.token), { body: gzRaw, headers: { "content-encoding": "gzip", "x-service-signature": sign(secret, gzRaw) } });
      expect(r2.status).toBe(202);
      const r3 = await send(url(h.token), { body: zlib.gzipSync(overDecoded), headers: { "content-encoding": "gzip", "x-service-signature": sign("another secret", overDecoded) } });
      expect(r3.status).toBe(401);
      expect(r3.json()).toEqual({ error: "invalid_signature" });
      expect((await runsOf(h.workflowId)).map((r) => r.trigger)).toEqual([JSON.parse(overDecoded.toString()), JSON.parse(overRaw.toString())]);
    });

    it("gives an unknown URL its usual 202 whatever the encoding says", async () => {
      const unknown = `whk_${randomUUID().replace(/-/g, "")}`;
      for (const [encoding, body] of [
        ["gzip", zlib.gzipSync(Buffer.alloc(50 * MB))],
        ["compress", Buffer.from("x")],
        ["gzip", Buffer.from("not gzip")],
      ] as const) {
        const r = await send(url(unknown), { body, headers: { "content-encoding": encoding } });
        expect([encoding, r.status, r.text]).toEqual([encoding, 202, RECEIVED]);
      }
    });

    it("stores JSON sent as text/plain (AWS SNS) as JSON when it is an object or array, and other text as a string", async () => {
      const h = await createHook();
      const sns = {
        Type: "Notification",
        MessageId: randomUUID(),
        TopicArn: "arn:aws:sns:eu-west-1:123456789012:alerts",
        Message: "CPU over 90% on srv-1",
        Timestamp: "2026-11-25T05:00:00.000Z",
      };
      const bodies: [string, string][] = [
        ["text/plain; charset=UTF-8", JSON.stringify(sns, null, 2)],
        ["text/plain", ' [{"id": 1}, {"id": 2}]'],
        ["text/plain", "disk low on srv-1"],
        ["text/plain", "42"],
        ["text/plain", '"quoted"'],
        ["text/plain", "{not json"],
      ];
      for (const [contentType, body] of bodies) expect((await send(url(h.token), { body, contentType })).status).toBe(202);
      const triggers = (await runsOf(h.workflowId)).map((r) => r.trigger);
      expect(triggers).toEqual(expect.arrayContaining([sns, [{ id: 1 }, { id: 2 }], "disk low on srv-1", "42", '"quoted"', "{not json"]));
      expect(triggers).toHaveLength(bodies.length);
      // The log says what the sender said it sent, not what it was stored as.
      expect((await deliveriesOf(h.workflowId)).map((d) => d.contentType)).toEqual(bodies.map(([ct]) => ct));
    });

    it("reads a gzip-compressed text/plain JSON body (SNS through a compressing proxy) as JSON", async () => {
      const h = await createHook();
      const body = { Type: "Notification", MessageId: randomUUID(), Message: "ok" };
      const r = await send(url(h.token), { body: zlib.gzipSync(JSON.stringify(body)), contentType: "text/plain; charset=UTF-8", headers: { "content-encoding": "gzip" } });
      expect(r.status).toBe(202);
      expect((await runsOf(h.workflowId)).map((x) => x.trigger)).toEqual([body]);
    });
  });
}
