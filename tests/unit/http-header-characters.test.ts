// A header value an HTTP request cannot carry (a character beyond Latin-1, a control character)
// fails the step naming the header and the character, as a line break does — it failed as an
// "internal error" from Node's HTTP client. Latin-1 text still goes as it did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";

let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    // The raw bytes as received (latin1 keeps each byte one character).
    res.end(JSON.stringify({ subject: Buffer.from(req.headers["x-subject"] as string, "latin1").toString("latin1") }));
  });
});
afterAll(() => server.close());

async function send(subject: string) {
  const ctx = resolvingContext("http", { method: "GET", url: `${server.url}/x`, headers: [{ name: "X-Subject", value: "{{ 1.subject }}" }] }, { 1: { subject } }, { vars: {}, secrets: {} });
  return createHttpExecutor(memoryDeps([]))(ctx).then(
    (r) => ({ output: r.output as { body: { subject: string } }, error: null }),
    (e: unknown) => ({ output: null, error: e as Error }),
  );
}

describe("an HTTP step's header value", () => {
  it("with a character beyond Latin-1 fails the step naming the header and the character", async () => {
    const before = server.requests.length;
    const { error } = await send("Disk full – C:");
    expect(error).toBeInstanceOf(StepError);
    expect(error?.message).toBe('header X-Subject contains "–" (U+2013), which an HTTP header cannot carry: encode the value first (a Data Transformation with $encodeUrlComponent or $base64encode) or send it in the body');
    expect(server.requests.length).toBe(before); // nothing was sent
    expect((await send("bell \u0007")).error?.message).toMatch(/^header X-Subject contains a control character \(U\+0007\)/);
  });

  it("in Latin-1 or with a tab is sent as before", async () => {
    const { output, error } = await send("Grüße\tC:");
    expect(error).toBeNull();
    expect(output?.body.subject).toBe("Grüße\tC:");
  });
});
