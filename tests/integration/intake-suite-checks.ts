// Size limit, signature and probing cases of the intake suite (see intake-suite.ts).
import { createHmac } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createHook, deliveriesOf, MB, runsOf, send, type Hook, type Reply } from "@/tests/integration/intake-fixtures";

const hmac = (secret: string, body: string | Buffer) => createHmac("sha256", secret).update(body).digest();

export type SuiteContext = {
  url: (token: string) => string;
  post: (h: Hook | string, body: unknown, headers?: Record<string, string | string[]>) => Promise<Reply>;
};

export function intakeChecks({ url, post }: SuiteContext) {
  describe("size limit", () => {
    const big = Buffer.alloc(MB + 1, 0x61);
    it("refuses a declared Content-Length over 1 MB with 413, no run, a too_large record", async () => {
      const h = await createHook();
      const r = await send(url(h.token), { body: big });
      expect(r.status).toBe(413);
      expect(r.json()).toEqual({ error: "payload_too_large", message: expect.stringMatching(/1 MB/) });
      expect(await runsOf(h.workflowId)).toHaveLength(0);
      expect((await deliveriesOf(h.workflowId))[0]).toMatchObject({ outcome: "too_large", size: MB + 1 });
    });

    it("counts a chunked body without Content-Length and refuses it once over 1 MB", async () => {
      const h = await createHook({ secret: "s" });
      const r = await send(url(h.token), { body: Buffer.alloc(3 * MB, 0x61), chunked: 64 * 1024 });
      expect(r.status).toBe(413); // before the signature check
      expect(r.json()).toMatchObject({ error: "payload_too_large" });
      expect(await runsOf(h.workflowId)).toHaveLength(0);
      expect((await deliveriesOf(h.workflowId))[0].outcome).toBe("too_large");
    });

    it("checks the declared length before the token, the streamed size after it", async () => {
      expect((await send(url("B".repeat(43)), { body: big })).status).toBe(413);
      expect((await send(url("B".repeat(43)), { body: big, chunked: 64 * 1024 })).status).toBe(202);
    });

    it("closes the connection of an unknown URL's oversized chunked body it did not read, so the sender's next delivery goes through", async () => {
      // One keep-alive connection: the server stops reading the unknown URL's body past 1 MB, so
      // answering it 202 "keep-alive" left the rest unread and the next request on it unanswered.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const unknown = await send(url("B".repeat(43)), { body: Buffer.alloc(2 * MB, 0x61), chunked: 64 * 1024, agent });
        expect(unknown.status).toBe(202);
        expect(unknown.text).toBe('{"received":true}');
        const h = await createHook();
        const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the next delivery was not answered within 10 s")), 10_000).unref());
        const next = await Promise.race([send(url(h.token), { body: '{"after":"oversized"}', agent }), deadline]);
        expect(next.status).toBe(202);
        expect((await runsOf(h.workflowId)).map((r) => r.trigger)).toEqual([{ after: "oversized" }]);
      } finally {
        agent.destroy();
      }
    });
  });

  describe("signatures", () => {
    const GH_SECRET = "It's a Secret to Everybody";
    const GH_SIG = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

    it("passes GitHub's documented test vector in X-Hub-Signature-256", async () => {
      const h = await createHook({ secret: GH_SECRET, signatureHeader: "X-Hub-Signature-256" });
      const r = await send(url(h.token), { body: "Hello, World!", contentType: "text/plain", headers: { "X-Hub-Signature-256": GH_SIG } });
      expect(r.status).toBe(202);
      expect((await runsOf(h.workflowId))[0].trigger).toBe("Hello, World!");
    });

    it("accepts hex (either case) and base64 (standard, URL-safe, unpadded), prefixed, spaced, among several values", async () => {
      const h = await createHook({ secret: "k3y" });
      const body = JSON.stringify({ id: 7, note: "ünïcödé ~~~???>>>" });
      const d = hmac("k3y", body);
      const wrong = "f".repeat(64);
      const variants: (string | string[])[] = [
        d.toString("hex"),
        d.toString("hex").toUpperCase(),
        `sha256=${d.toString("hex")}`,
        `SHA256=${d.toString("hex")}`,
        d.toString("base64"),
        d.toString("base64").replace(/=+$/, ""),
        d.toString("base64url"),
        `  sha256=${d.toString("base64")}  `,
        `${wrong}, ${d.toString("hex")}`,
        `${wrong} sha256=${d.toString("base64url")}`,
        [wrong, d.toString("hex")],
      ];
      for (const v of variants) {
        const r = await send(url(h.token), { body, headers: { "x-service-signature": v } });
        expect(r.status, JSON.stringify(v)).toBe(202);
      }
      expect(await runsOf(h.workflowId)).toHaveLength(variants.length);
    });

    it("unsigned, wrongly signed or malformed: 401 invalid_signature, never 500, no run", async () => {
      const h = await createHook({ secret: "k3y" });
      const body = '{"a":1}';
      const good = hmac("k3y", body).toString("hex");
      const cases: (Record<string, string | string[]> | undefined)[] = [
        undefined,
        { "x-service-signature": "" },
        { "x-service-signature": hmac("other", body).toString("hex") },
        { "x-service-signature": good.slice(0, 60) },
        { "x-service-signature": "sha256=" + "zz".repeat(32) },
        { "x-service-signature": "%%%%" },
        { "x-service-signature": "x".repeat(8000) },
        { "x-other-header": good },
      ];
      for (const headers of cases) {
        const r = await send(url(h.token), { body, headers });
        expect([r.status, r.text], JSON.stringify(headers)?.slice(0, 60)).toEqual([401, '{"error":"invalid_signature"}']);
      }
      expect(await runsOf(h.workflowId)).toHaveLength(0);
      const outcomes = (await deliveriesOf(h.workflowId)).map((d) => d.outcome);
      expect(outcomes).toEqual(Array(cases.length).fill("invalid_signature"));
    });

    it("the log says why a signature was refused; the sender is told only invalid_signature", async () => {
      const h = await createHook({ secret: "k3y", signatureHeader: "X-Hub-Signature-256" });
      const body = '{"a":1}';
      for (const headers of [
        { "x-service-signature": hmac("k3y", body).toString("hex") },
        { "x-hub-signature-256": "%%%%" },
        { "x-hub-signature-256": hmac("other", body).toString("hex") },
      ] as Record<string, string>[]) {
        const r = await send(url(h.token), { body, headers });
        expect([r.status, r.text]).toEqual([401, '{"error":"invalid_signature"}']);
      }
      expect((await deliveriesOf(h.workflowId)).map((d) => [d.outcome, d.reason])).toEqual([
        ["invalid_signature", "no x-hub-signature-256 header"],
        ["invalid_signature", "malformed x-hub-signature-256 value (not an HMAC-SHA256 in hex or base64)"],
        ["invalid_signature", "signature did not match"],
      ]);
    });

    it("verifies before Draft and before JSON: an unsigned caller learns nothing else", async () => {
      const h = await createHook({ secret: "k3y", live: false });
      expect((await post(h, "{broken")).status).toBe(401);
      const sig = hmac("k3y", "{broken").toString("hex");
      expect((await post(h, "{broken", { "x-service-signature": sig })).status).toBe(409);
      await db().workflow.update({ where: { id: h.workflowId }, data: { mode: "live" } });
      expect((await post(h, "{broken", { "x-service-signature": sig })).status).toBe(400);
      expect(await runsOf(h.workflowId)).toHaveLength(0);
    });
  });

  describe("probing", () => {
    it("an unknown token takes about as long as a real one (both wait for a commit)", async () => {
      const h = await createHook();
      // Interleaved, so a burst of load elsewhere on the machine hits both paths alike.
      const timeOne = async (token: string, i: number) => {
        const t0 = performance.now();
        await post(token, { i });
        return performance.now() - t0;
      };
      const realTimes: number[] = [];
      const unknownTimes: number[] = [];
      await timeOne("C".repeat(43), 0); // warm up both paths
      await timeOne(h.token, 0);
      for (let i = 0; i < 60; i++) {
        realTimes.push(await timeOne(h.token, i));
        unknownTimes.push(await timeOne("D".repeat(43), i));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const real = median(realTimes);
      const unknown = median(unknownTimes);
      // Loose bounds: this machine is shared; without padding the unknown path is several times faster.
      expect(unknown).toBeGreaterThan(real * 0.6);
      expect(unknown).toBeLessThan(real * 1.6 + 2);
    });
  });
}
