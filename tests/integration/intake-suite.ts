// The intake integration suite, run against both adapters (intake-fast-path.test.ts and
// intake-next-route.test.ts): the real server, the file's own database. Size, signature and
// probing cases are in intake-suite-checks.ts.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "@/tests/helpers/api-server";
import { createHook, deliveriesOf, jobsFor, MB, RECEIVED, runsOf, send, type Hook } from "@/tests/integration/intake-fixtures";
import { intakeChecks } from "@/tests/integration/intake-suite-checks";

/** `rawPaths`: the adapter sees undecodable paths itself (Next answers those before any route). */
export function intakeSuite(name: string, env: Record<string, string>, opts: { rawPaths?: boolean } = {}) {
  describe(name, () => {
    const { web } = startTestServer({ tenancy: "none", env });
    const url = (token: string) => `${web.baseUrl}/hooks/${token}`;
    const post = (h: Hook | string, body: unknown, headers?: Record<string, string | string[]>) =>
      send(url(typeof h === "string" ? h : h.token), { body: typeof body === "string" ? body : JSON.stringify(body), headers });

    describe("accepted deliveries", () => {
      it("answers 202 {received:true} after committing one run (which records the delivery) and its job", async () => {
        const h = await createHook();
        const payload = { event: "alert", host: { id: "h1" }, tags: ["a", "b"], n: 1.5, ok: true, none: null };
        const r = await post(h, payload);
        expect(r.status).toBe(202);
        expect(r.text).toBe(RECEIVED);
        expect(r.headers["content-type"]).toMatch(/^application\/json/);
        // Committed before the 202: visible at once, no polling needed.
        const runs = await runsOf(h.workflowId);
        expect(runs).toHaveLength(1);
        expect(runs[0]).toMatchObject({ status: "queued", test: false, workspaceId: h.workspaceId, trigger: payload });
        expect(await jobsFor([runs[0].id])).toBe(1);
        const [d] = await deliveriesOf(h.workflowId);
        expect(d).toMatchObject({ outcome: "accepted", runId: runs[0].id, endpointId: h.endpointId, contentType: "application/json" });
        expect(d.size).toBe(Buffer.byteLength(JSON.stringify(payload)));
      });

      it("stores arrays and scalars as posted, with no wrapper, and every repeat as a new run", async () => {
        const h = await createHook();
        const tricky = { q: "it's \\ \"quoted\" $1 $& $$ E'x' \\' --", nul: "a\u0001b", emoji: "😀", "k'ey": ["\\n"] };
        const bodies = [[1, { a: 2 }], "text", 42, true, null, { body: { x: 1 } }, { same: 1 }, { same: 1 }, tricky];
        for (const b of bodies) expect((await send(url(h.token), { body: JSON.stringify(b) })).status).toBe(202);
        const runs = await runsOf(h.workflowId);
        expect(runs.map((r) => r.trigger).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
          [...bodies].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        );
        const plain = runs.find((r) => JSON.stringify(r.trigger) === '{"same":1}')!;
        expect(Object.keys(plain.trigger as object)).toEqual(["same"]); // no "body" key added
      });

      it("keeps big numbers exact", async () => {
        const h = await createHook();
        await post(h, '{"id": 123456789012345678901234567890}');
        const rows = await db().$queryRawUnsafe<{ id: string }[]>(`SELECT trigger->>'id' AS id FROM "Run" WHERE "workflowId" = $1`, h.workflowId);
        expect(rows[0].id).toBe("123456789012345678901234567890");
      });

      it("stores a number beyond the double range as posted (JSON.parse would make it Infinity, written null)", async () => {
        const h = await createHook();
        const posted = '{"n": 1e400, "neg": -1E+999999, "list": [1e309]}';
        expect((await post(h, posted)).status).toBe(202);
        const rows = await db().$queryRawUnsafe<{ text: string }[]>(`SELECT trigger::text AS text FROM "Run" WHERE "workflowId" = $1`, h.workflowId);
        expect(rows.map((r) => r.text)).toEqual([posted]);
      });

      it("keeps an emoji escaped as a surrogate pair (Python's json.dumps) as posted; only \\u0000 and lone halves change", async () => {
        const h = await createHook();
        // json.dumps({"z":1,"10":"a","id":9007199254740993,"e":"😀"}) — it rounded the id and moved "10" first.
        const python = '{"z": 1, "10": "a", "id": 9007199254740993, "e": "\\ud83d\\ude00"}';
        expect((await post(h, python)).status).toBe(202);
        const nul = '{"z": 1, "10": "a\\u0000", "id": 9007199254740993, "half": "\\ud83d"}';
        expect((await post(h, nul)).status).toBe(202);
        const rows = await db().$queryRawUnsafe<{ text: string; e: string | null; ten: string }[]>(
          `SELECT trigger::text AS text, trigger->>'e' AS e, trigger::jsonb->>'10' AS ten FROM "Run" WHERE "workflowId" = $1 ORDER BY "createdAt", id`,
          h.workflowId,
        );
        // Sent one after the other: two batches, in order.
        expect(rows.map((r) => r.text)).toEqual([python, '{"z": 1, "10": "a\\ufffd", "id": 9007199254740993, "half": "\\ufffd"}']);
        expect(rows.map((r) => [r.e, r.ten])).toEqual([["😀", "a"], [null, "a\uFFFD"]]);
      });

      it("turns form bodies into an object (repeated fields into arrays) and stores other types as a string", async () => {
        const h = await createHook();
        const form = await send(url(h.token), { body: "name=Ada+L&dept=eng&tag=a&tag=b", contentType: "application/x-www-form-urlencoded" });
        expect(form.status).toBe(202);
        const text = await send(url(h.token), { body: "disk low on srv-1", contentType: "text/plain; charset=utf-8" });
        expect(text.status).toBe(202);
        const triggers = (await runsOf(h.workflowId)).map((r) => r.trigger);
        expect(triggers).toContainEqual({ name: "Ada L", dept: "eng", tag: ["a", "b"] });
        expect(triggers).toContainEqual("disk low on srv-1");
      });

      it("reads a text or form body in its declared charset (Latin-1 here)", async () => {
        const h = await createHook();
        expect((await send(url(h.token), { body: Buffer.from("Grüße aus Köln", "latin1"), contentType: "text/plain; charset=iso-8859-1" })).status).toBe(202);
        expect((await send(url(h.token), { body: "name=caf%E9", contentType: "application/x-www-form-urlencoded; charset=iso-8859-1" })).status).toBe(202);
        const triggers = (await runsOf(h.workflowId)).map((r) => r.trigger);
        expect(triggers).toEqual(expect.arrayContaining(["Grüße aus Köln", { name: "café" }]));
      });

      it("accepts a body of exactly 1 MB; ignores a query string", async () => {
        const h = await createHook();
        const body = JSON.stringify({ pad: "x".repeat(MB - 10) });
        expect(Buffer.byteLength(body)).toBe(MB);
        expect((await send(`${url(h.token)}?source=test`, { body })).status).toBe(202);
        expect((await send(url(h.token), { body, chunked: 64 * 1024 })).status).toBe(202);
        expect(await runsOf(h.workflowId)).toHaveLength(2);
      });

      it("100 concurrent deliveries make exactly 100 runs and 100 jobs", async () => {
        const h = await createHook();
        const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => post(h, { i })));
        expect(replies.map((r) => r.status)).toEqual(Array(100).fill(202));
        const runs = await runsOf(h.workflowId);
        expect(runs).toHaveLength(100);
        expect(new Set(runs.map((r) => (r.trigger as { i: number }).i)).size).toBe(100);
        expect(await jobsFor(runs.map((r) => r.id))).toBe(100);
        expect((await deliveriesOf(h.workflowId)).filter((d) => d.outcome === "accepted")).toHaveLength(100);
      });
    });

    describe("errors table", () => {
      it("unknown and malformed tokens: 202, no run, nothing recorded", async () => {
        const h = await createHook();
        const before = await db().delivery.count();
        for (const t of ["A".repeat(43), "nope", ...(opts.rawPaths ? ["%zz", "a/"] : [])]) {
          const r = await post(t, { a: 1 });
          expect([r.status, r.text]).toEqual([202, RECEIVED]);
        }
        expect(await db().run.count({ where: { workflowId: h.workflowId } })).toBe(0);
        expect(await db().delivery.count()).toBe(before);
      });

      it("a longer path under /hooks/ (a real token plus more): an unknown URL, 202 {received:true}, no run, nothing recorded", async () => {
        const h = await createHook();
        const before = await db().delivery.count();
        for (const t of [`${h.token}/extra`, `${h.token}/a/b`, "a/b"]) {
          const r = await post(t, { a: 1 });
          expect([r.status, r.text], t).toEqual([202, RECEIVED]);
          expect(r.headers["content-type"], t).toMatch(/^application\/json/);
        }
        expect(await db().run.count({ where: { workflowId: h.workflowId } })).toBe(0);
        expect(await db().delivery.count()).toBe(before);
      });

      it("a trailing slash on the webhook URL is the same URL: 202 {received:true} and its run, no redirect", async () => {
        const h = await createHook();
        const r = await send(`${url(h.token)}/`, { body: JSON.stringify({ slash: true }) });
        expect([r.status, r.text]).toEqual([202, RECEIVED]);
        expect((await runsOf(h.workflowId)).map((run) => run.trigger)).toEqual([{ slash: true }]);
      });

      it("rotated URL: old token 202 with no run and a rotated_url record; the new one works", async () => {
        const h = await createHook();
        await db().webhookEndpoint.update({ where: { id: h.endpointId }, data: { rotatedAt: new Date() } });
        const fresh = await db().webhookEndpoint.create({ data: { workflowId: h.workflowId, stepId: h.stepId, token: `${h.token.slice(0, 30)}rotated00000` } });
        const old = await post(h, { a: 1 });
        expect([old.status, old.text]).toEqual([202, RECEIVED]);
        expect(await runsOf(h.workflowId)).toHaveLength(0);
        expect(await deliveriesOf(h.workflowId)).toMatchObject([{ outcome: "rotated_url", endpointId: h.endpointId, runId: null }]);
        expect((await post(fresh.token, { a: 2 })).status).toBe(202);
        expect((await runsOf(h.workflowId)).map((r) => r.trigger)).toEqual([{ a: 2 }]);
      });

      it("a token whose trigger was replaced answers like a rotated one", async () => {
        const h = await createHook();
        const wf = await db().workflow.findUniqueOrThrow({ where: { id: h.workflowId } });
        const steps = wf.steps as { id: string }[];
        await db().workflow.update({ where: { id: h.workflowId }, data: { steps: [{ ...steps[0], id: "new-trigger" }, ...steps.slice(1)] } });
        expect((await post(h, { a: 1 })).status).toBe(202);
        expect(await runsOf(h.workflowId)).toHaveLength(0);
        expect((await deliveriesOf(h.workflowId))[0].outcome).toBe("rotated_url");
      });

      it("Draft → Live → Draft: 409 not published, then 202, then 409 again, seen at once", async () => {
        const h = await createHook({ live: false });
        const setMode = (mode: "draft" | "live") => db().workflow.update({ where: { id: h.workflowId }, data: { mode } });
        const draft1 = await post(h, { n: 1 });
        expect(draft1.status).toBe(409);
        expect(draft1.json()).toEqual({ error: "workflow_not_published", message: expect.stringContaining("not published; switch it to Live") });
        await setMode("live");
        expect((await post(h, { n: 2 })).status).toBe(202);
        await setMode("draft");
        expect((await post(h, { n: 3 })).status).toBe(409);
        expect((await runsOf(h.workflowId)).map((r) => r.trigger)).toEqual([{ n: 2 }]);
        expect((await deliveriesOf(h.workflowId)).map((d) => d.outcome)).toEqual(["not_published", "accepted", "not_published"]);
      });

      it("JSON declared but unparsable: 400 invalid_json, no run", async () => {
        const h = await createHook();
        const r = await post(h, '{"a": 1');
        expect([r.status, r.text]).toEqual([400, '{"error":"invalid_json"}']);
        expect(await runsOf(h.workflowId)).toHaveLength(0);
        expect((await deliveriesOf(h.workflowId))[0]).toMatchObject({ outcome: "invalid_json", size: 7 });
      });

      it("a batch the store cannot commit: 503 with Retry-After for it and for unknown tokens, nothing stored", async () => {
        const h = await createHook();
        // This file's own database: break the runs table for a moment.
        await db().$executeRawUnsafe(`ALTER TABLE "Run" RENAME TO "Run_away"`);
        try {
          const replies = await Promise.all([post(h, { a: 1 }), post(h, { a: 2 }), post("E".repeat(43), { a: 3 })]);
          replies.push(await post("F".repeat(43), { alone: true })); // a batch of only an unknown token
          for (const r of replies) {
            expect(r.status).toBe(503);
            expect(r.headers["retry-after"]).toMatch(/^\d+$/);
            expect(r.json()).toMatchObject({ error: "temporarily_unavailable" });
          }
        } finally {
          await db().$executeRawUnsafe(`ALTER TABLE "Run_away" RENAME TO "Run"`);
        }
        expect(await runsOf(h.workflowId)).toHaveLength(0);
        expect(await deliveriesOf(h.workflowId)).toHaveLength(0);
        expect(await jobsFor([])).toBe(0);
        expect((await post(h, { a: 4 })).status).toBe(202);
      });

      it("other methods: 405 with Allow: POST, a JSON body but for HEAD's", async () => {
        const h = await createHook();
        for (const method of ["GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]) {
          const r = await send(url(h.token), { method, body: method === "GET" || method === "HEAD" ? undefined : "{}" });
          expect(r.status, method).toBe(405);
          expect(r.headers.allow, method).toBe("POST");
          expect(r.headers["content-type"], method).toMatch(/^application\/json/);
          if (method !== "HEAD") expect(r.json(), method).toEqual({ error: "method_not_allowed", message: "Deliveries must use POST." });
        }
        expect(await runsOf(h.workflowId)).toHaveLength(0);
      });
    });

    intakeChecks({ url, post });
  });
}
